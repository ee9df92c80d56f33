/**
 * The emulator room: the emulated Web API as one optional piece (EMULATOR=on). It owns opening and seeding the
 * database, building the auth, people, sso, idp and openapi rooms' routes into one router below both API bases,
 * what answers on those paths with EMULATOR=off (off.ts), and the test-control API under `/_emulator`
 * (control/, EMULATOR_CONTROL=1) with its request journal (journal.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CATALOG } from '../../contract/catalog/catalog-data.ts';
import { Credentials } from '../auth/credentials.ts';
import { HashQueue } from '../auth/hash-queue.ts';
import { DEFAULT_LOCKOUT, Lockout, type LockoutPolicy } from '../auth/lockout.ts';
import { DEFAULT_SCRYPT_COST, hashPassword, type ScryptCost } from '../auth/passwords.ts';
import { authRoutes } from '../auth/routes.ts';
import { Tokens, TOKEN_LIFETIME_SECONDS } from '../auth/tokens.ts';
import type { Clock, OffsetClock } from '../runtime/clock.ts';
import type { Config } from '../config/config.ts';
import { ApiError } from '../http/errors.ts';
import type { BugLog } from '../http/guard.ts';
import { notEmulated } from '../http/not-emulated.ts';
import { createRouter, type Route, type Router } from '../http/router.ts';
import { createIdp, type Idp } from '../idp/mount.ts';
import { withControlApi } from '../openapi/control-description.ts';
import { EMULATOR_OPENAPI } from '../openapi/description.ts';
import { openApiRoute } from '../openapi/route.ts';
import { peopleRoutes } from '../people/routes.ts';
import type { RateLimiter } from '../rate-limit/limiter.ts';
import { OperationLimits } from '../rate-limit/operation-limits.ts';
import { scopedCaller } from '../auth/scoped-caller.ts';
import { loopbackFetch, type Loopback } from '../sso/loopback-fetch.ts';
import type { OnBehalfOf } from '../sso/on-behalf-of.ts';
import type { ProviderSettings } from '../sso/relying-party.ts';
import { createSsoRoutes } from '../sso/setup.ts';
import { openDb, type Db } from '../store/db.ts';
import { KeptHashes } from '../realm/kept-hashes.ts';
import { RealmError } from '../realm/realm.ts';
import { isDemoRealm, realmPath, reimportRealm, seedRealm, type SeededRealm } from '../realm/seed.ts';
import type { IdentityHint } from '../idp/pages.ts';
import { loadSigningKeys, retireSigningKey } from '../store/signing-keys.ts';
import { deleteAllSsoSessions } from '../store/sso-sessions.ts';
import { Users } from '../store/users.ts';
import { createControl, type ControlHandler } from './control/control.ts';
import { Faults, faultIntercept, type FaultTargets } from './control/faults.ts';
import { Journal } from './journal.ts';
import type { Recorder } from '../recordings/recorder.ts';
import { recordedOperationsRoute } from '../recordings/recorded-operations.ts';
import { Recordings } from '../recordings/replay.ts';
import { relayMisses } from '../recordings/replay-misses.ts';
import { replayFallback, type ReplayDeps } from '../recordings/replay-routes.ts';
import { shadowedLines, shadowedRecordings, withRecordingsFirst } from './shadowed-recordings.ts';
import { apiBaseOf } from '../../contract/web-api/bases.ts';

/** Knobs for tests only: shorter tokens, cheaper hashing, a different lockout. */
export interface EmulatorKnobs {
  tokenLifetimeSeconds?: number;
  scryptCost?: ScryptCost;
  lockout?: LockoutPolicy;
}

export interface EmulatorDeps {
  config: Config;
  clock: Clock;
  limiter: RateLimiter;
  /** Warnings (a provider that failed a sign-in, say), one line each. */
  log: (line: string) => void;
  /** The server's one line for an unexpected failure, for the embedded provider's own (it answers them itself). */
  logBug: BugLog;
  knobs: EmulatorKnobs;
  /** The origin browsers reach this server at, and how to reach it from inside: both known after listen(). */
  origin: () => string;
  loopback: () => Loopback;
  /** Marks the calls to the embedded provider with the caller they are made for. */
  onBehalfOf: OnBehalfOf;
  /** The test-control API (EMULATOR_CONTROL=1): the offset clock it moves (the `clock` above), or null when off. */
  control: ControlSettings | null;
  /** The relay's recorder (RECORD_DIR, or REPLAY_DIR with REPLAY_MISSES); null when nothing is recorded. */
  recorder: Recorder | null;
}

/** What replay loaded, for the start to say. */
export interface ReplaySummary {
  dir: string;
  loaded: number;
  /** Recorded operations the emulator answers itself, each with how many recordings it has. */
  shadowed: string[];
  /** Whether recordings answer those (REPLAY_OVERRIDES). */
  overrides: boolean;
  /** The recordings older than REPLAY_MAX_AGE, named (REPLAY_TOO_OLD=warn). */
  tooOld: string[];
  /** The tenant a call no recording answers is relayed to (REPLAY_MISSES), or null. */
  misses: string | null;
}

interface ControlSettings {
  clock: OffsetClock;
  token: string | null;
  /** Logs what a control call changed, at info as `control`. */
  logControl: (change: Record<string, unknown>) => void;
}

/** The emulated Web API (auth, people, SSO, its OpenAPI), the embedded identity provider and their database. */
export interface Emulator {
  db: Db;
  /** The Web API's routes the emulator implements (its openapi.json describes exactly these). */
  routes: readonly Route[];
  /** Answers a request whose lower-case path `isEmulatorPath` claims. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL, caller: string): void | Promise<void>;
  /** Answers the paths below `/_emulator`; null without EMULATOR_CONTROL=1. */
  control: ControlHandler | null;
  /** The realm the database holds, and what this start did about it (for the start's lines). */
  realm: SeededRealm;
  /** What REPLAY_DIR loaded; null without it. */
  replay: ReplaySummary | null;
  close(): void;
}

/** What a scripted fault may name: the emulated API's routes (below `/api`), as the router resolves them. */
function faultTargets(routes: readonly Route[], resolve: Router['resolve']): FaultTargets {
  return {
    routeOf: (method, segments) => resolve(method, segments).route.path,
    operations: routes.flatMap((route) =>
      Object.keys(route.methods).map((method) => `${method} ${route.path}`),
    ),
  };
}

/** The realm's identities for the provider's sign-in page; only the demo realm's password is public. */
function identityHint({ path, realm }: SeededRealm): IdentityHint {
  const identities = realm.identities ?? [];
  const passwords = new Set(identities.map((identity) => identity.Password));
  const [shared] = passwords;
  return {
    names: identities.map((identity) => identity.UserName.trim()),
    publicPassword: isDemoRealm(path) && passwords.size === 1 && shared !== undefined ? shared : null,
  };
}

/** Where `loginsso` signs in: an external provider when configured, else the embedded one, reached over loopback. */
function ssoProvider(deps: EmulatorDeps, idp: Idp): () => ProviderSettings {
  const { sso } = deps.config;
  if (sso.kind === 'external') {
    const settings = { issuer: sso.issuer, clientId: sso.clientId, clientSecret: sso.clientSecret };
    return () => settings;
  }
  return () => ({
    issuer: idp.issuer(),
    clientId: idp.ownClient.clientId,
    clientSecret: idp.ownClient.clientSecret,
    fetch: loopbackFetch(deps.origin(), deps.loopback(), deps.onBehalfOf),
  });
}

/**
 * Opens the database in DATA_DIR, makes it hold the realm (seed.ts: seeded when new, replaced when the realm
 * changed) and builds everything that answers under it.
 */
export async function mountEmulator(deps: EmulatorDeps): Promise<Emulator> {
  const { config, clock, limiter, log, knobs } = deps;
  const cost = knobs.scryptCost ?? DEFAULT_SCRYPT_COST;
  // Read whole before anything opens: a bad recording stops the start with nothing half-loaded.
  const recordings = config.replayDir
    ? Recordings.load(config.replayDir, {
        ignored: new Set(config.replayIgnore.map((field) => field.toLowerCase())),
        now: clock.now(),
        maxAgeMs: config.replayMaxAgeMs,
        tooOld: config.replayTooOld,
      })
    : null;
  const db = openDb(config.dataDir);
  // A reset of the realm hashes only the passwords that changed since the last import.
  const keptHashes = new KeptHashes();
  let realm: SeededRealm;
  try {
    realm = await seedRealm(db, realmPath(config.realmFile), cost, keptHashes);
  } catch (error) {
    db.close();
    throw error;
  }
  const users = new Users(db);
  const tokens = await Tokens.create(
    loadSigningKeys(db),
    clock,
    knobs.tokenLifetimeSeconds ?? TOKEN_LIFETIME_SECONDS,
  );
  const lockout = new Lockout(clock, knobs.lockout ?? DEFAULT_LOCKOUT);
  const dummyPasswordHash = await hashPassword('no such account', cost);
  const credentials = new Credentials(users, lockout, dummyPasswordHash, new HashQueue());
  // Each operation's documented limit, or the emulator's own; RATE_LIMIT in place of all of them.
  const limits = new OperationLimits(CATALOG, config.rateLimit);
  const rateLimits = { clock, limiter, limits, scopedCaller: scopedCaller(tokens, users) };
  const idp = createIdp({
    db,
    extraClients: config.idpClients,
    origin: deps.origin,
    logBug: deps.logBug,
    guard: { limiter, clock, window: limits.own },
    dummyPasswordHash,
    hint: identityHint(realm),
  });
  const ssoRoutes = createSsoRoutes({
    db,
    clock,
    config,
    users,
    tokens,
    provider: ssoProvider(deps, idp),
    origin: deps.origin,
    onBehalfOf: deps.onBehalfOf,
    log,
  });
  const replay: ReplayDeps | null = recordings
    ? {
        recordings,
        tokens,
        users,
        limits,
        clock,
        misses: config.replayMisses
          ? relayMisses({
              ...config.replayMisses,
              origin: deps.origin,
              fetch: () => loopbackFetch(deps.origin(), deps.loopback(), deps.onBehalfOf),
              onBehalfOf: deps.onBehalfOf,
            })
          : null,
      }
    : null;
  // A recording made while replaying (REPLAY_MISSES) answers its call from then on.
  if (recordings && deps.recorder && config.recordDir === config.replayDir) {
    deps.recorder.onWritten = (recording, file) => recordings.add(recording, file);
  }
  const emulated = [
    ...authRoutes({ credentials, tokens, users }),
    ...ssoRoutes,
    ...peopleRoutes({ db, tokens, users }),
  ];
  const shadowed = recordings ? shadowedRecordings(emulated, recordings, rateLimits) : [];
  const routes = [
    ...(replay && config.replayOverrides ? withRecordingsFirst(emulated, shadowed, replay) : emulated),
    recordedOperationsRoute({ recordings, overrides: config.replayOverrides, tokens, users }),
  ];
  const description = deps.control ? withControlApi(EMULATOR_OPENAPI) : EMULATOR_OPENAPI;
  // The control API's faults and journal, made only when it is on.
  const faults = deps.control ? new Faults(limiter) : null;
  const journal = deps.control
    ? new Journal(clock, { max: config.journalMax, keepValues: config.journalValues })
    : null;
  const router = createRouter([...routes, openApiRoute(description)], {
    rateLimits,
    unimplemented: notEmulated(CATALOG),
    intercept: faults ? faultIntercept(faults, clock, limits.own) : undefined,
    fallback: replay ? replayFallback(replay) : undefined,
  });
  const control =
    deps.control && faults && journal
      ? createControl({
          ...deps.control,
          origin: deps.origin,
          faults,
          faultTargets: faultTargets(routes, router.resolve),
          journal,
          users,
          expireTokens: () => tokens.useKeys(retireSigningKey(db)),
          resetCounters: () => {
            limiter.clear();
            lockout.clear();
            deleteAllSsoSessions(db);
            recordings?.restartSequences();
          },
          reloadRealm: async () => {
            try {
              await reimportRealm(db, realm.path, cost, keptHashes);
            } catch (error) {
              if (error instanceof RealmError) throw new ApiError(409, 'conflict', error.message);
              throw error;
            }
          },
        })
      : null;

  return {
    db,
    routes,
    handle(req, res, url, caller) {
      const base = apiBaseOf(url.pathname);
      if (!base) return idp.handle(req, res, url, caller);
      const below = url.pathname.slice(base.length);
      journal?.record(req, res, url, base, below);
      return router.dispatch(req, res, url, below, caller);
    },
    control,
    realm,
    replay: recordings
      ? {
          dir: recordings.dir,
          loaded: recordings.size,
          shadowed: shadowedLines(shadowed),
          overrides: config.replayOverrides,
          tooOld: recordings.tooOld,
          misses: config.replayMisses?.tenant ?? null,
        }
      : null,
    close: () => db.close(),
  };
}
