import { randomUUID } from 'node:crypto';
import { isGuid } from '../../../contract/is-guid.ts';
import { hashAdminKey } from '../../auth/admin-keys.ts';
import type { OffsetClock } from '../../runtime/clock.ts';
import { ApiError } from '../../http/errors.ts';
import type { Route } from '../../http/router.ts';
import type { Users } from '../../store/users.ts';
import { booleanProperty, readControlBody } from './body.ts';
import { parseAdvance } from './duration.ts';
import { FAULT_PROPERTIES, parseFault, type Faults } from './faults.ts';

export interface ControlDeps {
  clock: OffsetClock;
  faults: Faults;
  users: Users;
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
  const { clock, faults, users, logControl } = deps;
  return [
    {
      path: '/clock',
      methods: {
        GET: { handler: () => ({ status: 200, json: clockState(clock) }) },
        POST: {
          handler: async ({ req }) => {
            const body = await readControlBody(req, ['advance']);
            if (!body.has('advance')) throw new ApiError(400, 'bad_request', 'advance is required.');
            const ms = parseAdvance(body.get('advance'));
            clock.advance(ms);
            const state = clockState(clock);
            logControl({ action: 'clock', advancedSeconds: ms / 1000, ...state });
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
            if (realm) await deps.reloadRealm();
            logControl({ action: 'reset', realm });
            return { status: 200, json: { reset: ['rateLimits', 'lockouts', 'ssoSessions'], realm } };
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
            const fault = parseFault(await readControlBody(req, FAULT_PROPERTIES));
            faults.add(fault);
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
      path: '/users/:username',
      methods: {
        PATCH: {
          handler: async ({ req, params }) => {
            const active = booleanProperty(await readControlBody(req, ['active']), 'active', null);
            if (active === null) throw new ApiError(400, 'bad_request', 'active is required.');
            const user = users.findByUsername(params.username!.trim().toLowerCase());
            if (!user) throw new ApiError(404, 'not_found', 'No user has this UserName.');
            users.setActive(user, active);
            const { UserName } = JSON.parse(user.record) as { UserName: string };
            logControl({ action: 'user', UserName, active });
            return { status: 200, json: { UserName, active } };
          },
        },
      },
    },
    {
      path: '/admin-accounts/:beid/rotate-key',
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
