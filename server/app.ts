import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { CATALOG } from '../contract/catalog/catalog-data.ts';
import type { HealthResponse } from '../contract/wire.ts';
import { Credentials } from './auth/credentials.ts';
import { HashQueue } from './auth/hash-queue.ts';
import { DEFAULT_LOCKOUT, Lockout, type LockoutPolicy } from './auth/lockout.ts';
import { DEFAULT_SCRYPT_COST, hashPassword, type ScryptCost } from './auth/passwords.ts';
import { authRoutes } from './auth/routes.ts';
import { Tokens, TOKEN_LIFETIME_SECONDS, loadSigningKey } from './auth/tokens.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import { callerAddress, trustProxy } from './http/caller.ts';
import { ApiError, describeBug, sendError } from './http/errors.ts';
import { gracefulClose } from './http/graceful-close.ts';
import { guard } from './http/guard.ts';
import { createHostCheck } from './http/host-check.ts';
import { answerNodesOwn } from './http/node-answers.ts';
import { notEmulated } from './http/not-emulated.ts';
import { loggedPath, logRequest } from './http/request-log.ts';
import { securityHeaders } from './http/security-headers.ts';
import { createRouter, type Route } from './http/router.ts';
import { createIdp, IDP_MOUNT } from './idp/mount.ts';
import { openApiRoute } from './openapi/route.ts';
import { peopleRoutes } from './people/routes.ts';
import { RateLimiter } from './rate-limit.ts';
import { isRelayPath, splitTarget } from './relay/paths.ts';
import { connectionsAnswer } from './relay/connections-list.ts';
import { createRelay } from './relay/relay.ts';
import { createSsoRoutes } from './sso/setup.ts';
import { createStatic } from './static.ts';
import { openDb, getMeta, setMeta, type Db } from './store/db.ts';
import { importRealm, readRealmFile } from './realm/realm.ts';
import { Users } from './store/users.ts';
import { createLogger } from './log.ts';
import { loadTls } from './tls.ts';

/** Knobs for tests only: a clock to move, shorter tokens, cheaper hashing, a different lockout. */
export interface AppOptions {
  clock?: Clock;
  tokenLifetimeSeconds?: number;
  scryptCost?: ScryptCost;
  lockout?: LockoutPolicy;
  /** Receives every log line (pino JSON) instead of standard output. */
  log?: (line: string) => void;
}

export interface App {
  server: Server;
  db: Db;
  /** The Web API's routes this server implements (its openapi.json describes exactly these). */
  routes: readonly Route[];
  /** Listens on the configured host and port (0: any free port) and answers the base URL. */
  listen(): Promise<string>;
  /** Stops accepting, lets requests in flight finish (a few seconds at most), then closes the database. */
  close(): Promise<void>;
}

const API_PREFIXES = ['/tdwebapi', '/sbtdwebapi'];
const RATE_WINDOW_MS = 60_000;
/** How long requests in flight may take to finish once the server is asked to close. */
const SHUTDOWN_GRACE_MS = 5_000;
const DEMO_REALM = new URL('./realm/demo.json', import.meta.url);
const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** The listening URL as a browser can use it: a wildcard address is reached through the loopback one. */
function browserOrigin(listeningUrl: string): string {
  const url = new URL(listeningUrl);
  if (url.hostname === '0.0.0.0') url.hostname = '127.0.0.1';
  if (url.hostname === '[::]') url.hostname = '[::1]';
  return url.origin;
}

async function seedIfNew(db: Db, config: Config, cost: ScryptCost) {
  if (getMeta(db, 'seeded')) return;
  const realm = readRealmFile(config.realmFile ?? DEMO_REALM.pathname);
  await importRealm(db, realm, cost);
  setMeta(db, 'seeded', new Date().toISOString());
}

export async function createApp(config: Config, options: AppOptions = {}): Promise<App> {
  const clock = options.clock ?? systemClock;
  const logger = createLogger(config.logLevel, options.log);
  const log = (line: string) => logger.warn(line);
  const cost = options.scryptCost ?? DEFAULT_SCRYPT_COST;
  const db = openDb(config.dataDir);
  try {
    await seedIfNew(db, config, cost);
  } catch (error) {
    db.close();
    throw error;
  }
  const users = new Users(db);
  const tokens = await Tokens.create(
    loadSigningKey(db),
    clock,
    options.tokenLifetimeSeconds ?? TOKEN_LIFETIME_SECONDS,
  );
  const credentials = new Credentials(
    users,
    new Lockout(clock, options.lockout ?? DEFAULT_LOCKOUT),
    await hashPassword('no such account', cost),
    new HashQueue(),
  );
  const limiter = new RateLimiter(clock);
  const window = { limit: config.rateLimit, windowMs: RATE_WINDOW_MS };
  // The real People create limit is 45 of the default 60; keep that proportion when the limit is configured.
  const createWindow = {
    limit: Math.max(1, Math.round((config.rateLimit * 45) / 60)),
    windowMs: RATE_WINDOW_MS,
  };
  const tls = loadTls(config.tls, config.dataDir);
  let listeningUrl: string | null = null;
  const listening = () => {
    if (listeningUrl === null) throw new Error('the server is not listening yet');
    return listeningUrl;
  };
  const origin = () => config.publicOrigin ?? browserOrigin(listening());
  const idp = createIdp({
    db,
    extraClients: config.idpClients,
    origin,
    log,
    guard: { limiter, clock, window },
  });
  const ssoRoutes = createSsoRoutes({
    db,
    clock,
    config,
    users,
    tokens,
    idp,
    window,
    origin,
    loopback: () => ({ localUrl: browserOrigin(listening()), cert: tls?.cert ?? null }),
    log,
  });
  const apiRoutes = [
    ...authRoutes({ credentials, tokens, users, window }),
    ...ssoRoutes,
    ...peopleRoutes({ db, tokens, users, window, createWindow }),
  ];
  const dispatch = createRouter([...apiRoutes, openApiRoute()], {
    clock,
    limiter,
    log,
    unimplemented: notEmulated(CATALOG),
  });
  const relay = createRelay({
    tenants: config.relayTenants,
    listing: connectionsAnswer({
      emulator: config.emulator,
      tenants: config.relayTenants,
      defaultConnection: config.defaultConnection,
    }),
    timeoutMs: config.relayTimeoutMs,
    log,
    version: VERSION,
  });
  const serveStatic = createStatic(config.distDir);
  const trusted = trustProxy(config.trustedProxies);
  const health: HealthResponse = {
    status: 'ok',
    service: 'auth-console-emulator',
    version: VERSION,
    emulator: true,
  };
  const healthText = JSON.stringify(health);

  const headers = securityHeaders(tls !== null);
  const checkHost = createHostCheck({
    publicOrigin: config.publicOrigin,
    allowedHosts: config.allowedHosts,
    listening,
  });

  /** What every request goes through first, whoever answers it; answers the caller's address. */
  function admit(req: IncomingMessage, res: ServerResponse): string {
    const caller = callerAddress(req, trusted);
    logRequest(logger, req, res, caller);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    checkHost(req);
    return caller;
  }

  function handle(req: IncomingMessage, res: ServerResponse): void | Promise<void> {
    const caller = admit(req, res);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://emulator.invalid');
    } catch {
      sendError(res, new ApiError(400, 'bad_request', 'The request target is not valid.'));
      return;
    }
    const pathname = url.pathname;
    const lower = pathname.toLowerCase();
    // Judged on the raw target too: the URL parser above has already resolved any `..` a client sent.
    if (isRelayPath(splitTarget(req.url ?? '/').path, lower)) {
      return relay(req, res);
    }
    const prefix = API_PREFIXES.find((p) => lower === p || lower.startsWith(`${p}/`));
    if (prefix) {
      return dispatch(req, res, url, pathname.slice(prefix.length), caller);
    }
    if (lower === IDP_MOUNT || lower.startsWith(`${IDP_MOUNT}/`)) {
      return idp.handle(req, res, url, caller);
    }
    if (lower === '/healthz') {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        sendError(
          res,
          new ApiError(405, 'method_not_allowed', 'This endpoint accepts GET only.', { Allow: 'GET' }),
        );
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(healthText);
      return;
    }
    serveStatic(req, res, pathname);
  }

  const logBug = (req: IncomingMessage, bug: unknown) =>
    logger.error(`internal error on ${req.method ?? '?'} ${loggedPath(req.url)}: ${describeBug(bug)}`);
  const guarded = guard(handle, logBug);
  // Without Node's own Host check, so that a request lacking one gets this server's answer and headers.
  const serverOptions = { requireHostHeader: false };
  const server = tls
    ? createHttpsServer({ ...serverOptions, cert: tls.cert, key: tls.key }, guarded)
    : createHttpServer(serverOptions, guarded);
  server.headersTimeout = 20_000;
  server.requestTimeout = 30_000;
  // Never the bytes themselves: they may hold a header with a token.
  const logRefused = (answer: ApiError, peer: string | undefined) =>
    logger.info(
      { status: answer.status, error: answer.code, caller: peer ?? null },
      'refused before a request',
    );
  answerNodesOwn(server, { headers, admit, logBug, logRefused });
  const closeServer = gracefulClose(server);

  return {
    server,
    db,
    routes: apiRoutes,
    listen: () =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => {
          const { port } = server.address() as AddressInfo;
          const host = config.host.includes(':') ? `[${config.host}]` : config.host;
          listeningUrl = `${tls ? 'https' : 'http'}://${host}:${port}`;
          resolve(listeningUrl);
        });
      }),
    close: async () => {
      await closeServer(SHUTDOWN_GRACE_MS);
      db.close();
    },
  };
}
