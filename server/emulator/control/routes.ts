import { randomUUID } from 'node:crypto';
import { isGuid } from '../../../contract/is-guid.ts';
import { hashAdminKey } from '../../auth/admin-keys.ts';
import type { OffsetClock } from '../../runtime/clock.ts';
import { ApiError } from '../../http/errors.ts';
import type { Route } from '../../http/router.ts';
import { userNameOf, type Users } from '../../store/users.ts';
import type { Journal } from '../journal.ts';
import { parseJournalFilter } from '../journal-filter.ts';
import { booleanProperty, readControlBody } from './body.ts';
import { parseAdvance, parseOffset } from './duration.ts';
import { FAULT_PROPERTIES, type Faults, type FaultTargets } from './faults.ts';

export interface ControlDeps {
  clock: OffsetClock;
  faults: Faults;
  /** What a fault may name: the emulated API's routes. */
  faultTargets: FaultTargets;
  journal: Journal;
  users: Users;
  /** Makes every token issued so far answer as an expired one (its signing key retired, and kept so). */
  expireTokens: () => Promise<void>;
  /** Clears rate-limit counters, lockouts and SSO sessions. */
  resetCounters: () => void;
  /** Puts the database back to the realm file (the demo realm unless REALM_FILE). */
  reloadRealm: () => Promise<void>;
  /** Says what a control call changed, at info as `control`; never a secret. */
  logControl: (change: Record<string, unknown>) => void;
}

function clockState(clock: OffsetClock) {
  return { now: new Date(clock.now()).toISOString(), offsetSeconds: clock.offsetMs / 1000 };
}

/** The test-control API, below `/_emulator`: what integrators' tests use to provoke what production does rarely. */
export function controlRoutes(deps: ControlDeps): Route[] {
  const { clock, faults, journal, users, logControl } = deps;
  return [
    {
      path: '/clock',
      methods: {
        GET: { handler: () => ({ status: 200, json: clockState(clock) }) },
        POST: {
          handler: async ({ req }) => {
            const body = await readControlBody(req, ['advance', 'offsetSeconds']);
            if (body.has('advance') === body.has('offsetseconds')) {
              throw new ApiError(400, 'bad_request', 'Give either advance or offsetSeconds.');
            }
            let change = {};
            if (body.has('advance')) {
              const ms = parseAdvance(body.get('advance'));
              clock.advance(ms);
              change = { advancedSeconds: ms / 1000 };
            } else {
              clock.setOffset(parseOffset(body.get('offsetseconds')));
            }
            const state = clockState(clock);
            logControl({ action: 'clock', ...change, ...state });
            return { status: 200, json: state };
          },
        },
      },
    },
    {
      path: '/reset',
      methods: {
        POST: {
          handler: async ({ req }) => {
            const realm = booleanProperty(await readControlBody(req, ['realm']), 'realm', false)!;
            deps.resetCounters();
            clock.setOffset(0);
            if (realm) await deps.reloadRealm();
            logControl({ action: 'reset', realm });
            return {
              status: 200,
              json: { reset: ['rateLimits', 'lockouts', 'ssoSessions', 'clock'], realm },
            };
          },
        },
      },
    },
    {
      path: '/faults',
      methods: {
        GET: { handler: () => ({ status: 200, json: { faults: faults.pending } }) },
        POST: {
          handler: async ({ req }) => {
            const fault = faults.add(await readControlBody(req, FAULT_PROPERTIES), deps.faultTargets);
            logControl({ action: 'fault', ...fault });
            return { status: 201, json: { faults: faults.pending } };
          },
        },
        DELETE: {
          handler: () => {
            const cleared = faults.clear();
            logControl({ action: 'faults cleared', cleared });
            return { status: 200, json: { faults: [], cleared } };
          },
        },
      },
    },
    {
      path: '/tokens/expire',
      methods: {
        POST: {
          handler: async ({ req }) => {
            await readControlBody(req, []);
            await deps.expireTokens();
            const { now } = clockState(clock);
            logControl({ action: 'tokens expired', now });
            return { status: 200, json: { expired: 'every token issued until now', now } };
          },
        },
      },
    },
    {
      path: '/requests',
      methods: {
        GET: {
          handler: ({ url }) => ({
            status: 200,
            json: journal.list(
              parseJournalFilter(url.searchParams, (method, segments) =>
                deps.faultTargets.routeOf(method, segments),
              ),
            ),
          }),
        },
        DELETE: {
          handler: () => {
            const cleared = journal.clear();
            logControl({ action: 'requests cleared', cleared });
            return { status: 200, json: { requests: [], cleared } };
          },
        },
      },
    },
    {
      path: '/users/{username}',
      methods: {
        PATCH: {
          handler: async ({ req, params }) => {
            const active = booleanProperty(await readControlBody(req, ['active']), 'active', null);
            if (active === null) throw new ApiError(400, 'bad_request', 'active is required.');
            const user = users.findByUsername(params.username!.trim().toLowerCase());
            if (!user) throw new ApiError(404, 'not_found', 'No user has this UserName.');
            users.setActive(user, active);
            const UserName = userNameOf(user);
            logControl({ action: 'user', UserName, active });
            return { status: 200, json: { UserName, active } };
          },
        },
      },
    },
    {
      path: '/admin-accounts/{beid}/rotate-key',
      methods: {
        POST: {
          handler: async ({ req, params }) => {
            await readControlBody(req, []);
            const beid = params.beid!;
            if (!isGuid(beid)) throw new ApiError(400, 'bad_request', 'The BEID must be a GUID.');
            const org = users.findOrgByBeid(beid.toLowerCase());
            if (!org) throw new ApiError(404, 'not_found', 'No organization has this BEID.');
            const key = randomUUID();
            users.setAdminKeyHash(org.id, hashAdminKey(key));
            logControl({ action: 'rotate-key', BEID: org.beid });
            return { status: 200, json: { BEID: org.beid, WebServicesKey: key } };
          },
        },
      },
    },
  ];
}
