import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import type { HealthResponse } from '../contract/wire.ts';
import { OffsetClock, systemClock, type Clock } from './runtime/clock.ts';
import type { Config } from './config/config.ts';
import type { Emulator, EmulatorKnobs, ReplaySummary } from './emulator/mount.ts';
import { controlOff } from './emulator/control/off.ts';
import { isControlPath } from './emulator/control/paths.ts';
import { emulatorOff } from './emulator/off.ts';
import { isEmulatorPath } from './emulator/paths.ts';
import { callerAddress, trustedProxies } from './http/caller.ts';
import { answerDating } from './http/dated-response.ts';
import { ApiError, sendError } from './http/errors.ts';
import { gracefulClose } from './http/graceful-close.ts';
import { bugLog, guard } from './http/guard.ts';
import { createHostCheck } from './http/host-check.ts';
import { takeOverNodeRefusals } from './http/node-refusals.ts';
import { logAsConsoleFile, logRequest } from './http/request-log.ts';
import { securityHeaders } from './http/security-headers.ts';
import type { Route } from './http/router.ts';
import { RateLimiter } from './rate-limit/limiter.ts';
import { isRelayPath, splitTarget } from './relay/paths.ts';
import { connectionsAnswer } from './relay/connections-list.ts';
import type { RelayLoad } from './relay/load.ts';
import { createRelay } from './relay/relay.ts';
import { Recorder } from './recordings/recorder.ts';
import { OnBehalfOf } from './sso/on-behalf-of.ts';
import { createStatic } from './http/static-files.ts';
import type { Db } from './store/db.ts';
import type { SeededRealm } from './realm/seed.ts';
import { createLogger } from './runtime/log.ts';
import { loadTls } from './config/tls.ts';

/** Knobs for tests only: a clock to move, and the emulator's (shorter tokens, cheaper hashing, a lockout). */
export interface AppOptions extends EmulatorKnobs {
  clock?: Clock;
  /** Receives every log line (pino JSON) instead of standard output. */
  log?: (line: string) => void;
  /** The relay's bounds on requests in flight, to watch or shorten. */
  relayLoad?: RelayLoad;
}

export interface App {
  server: Server;
  /** The emulator's database; reading it with the emulator off is a test's mistake, and throws. */
  db: Db;
  /** The Web API's routes this server implements (its openapi.json describes exactly these): none when off. */
  routes: readonly Route[];
  /** The realm the emulator's database holds, and what this start did about it; null with the emulator off. */
  realm: SeededRealm | null;
  /** What REPLAY_DIR loaded; null without it. */
  replay: ReplaySummary | null;
  /** Resolves once every recording handed to the recorder so far is written or left out (tests wait on it). */
  recordingsSettled(): Promise<void>;
  /** Listens on the configured host and port (0: any free port) and resolves to the base URL. */
  listen(): Promise<string>;
  /** Stops accepting, lets requests in flight finish (a few seconds at most), then closes the database. */
  close(): Promise<void>;
}

/** How long requests in flight may take to finish once the server is asked to close. */
const SHUTDOWN_GRACE_MS = 5_000;
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

export async function createApp(config: Config, options: AppOptions = {}): Promise<App> {
  const baseClock = options.clock ?? systemClock;
  // The control API moves this one clock, which everything below reads: never a second clock.
  const controlClock = config.emulatorControl ? new OffsetClock(baseClock) : null;
  const clock = controlClock ?? baseClock;
  const logger = createLogger(config.logLevel, options.log);
  const log = (line: string) => logger.warn(line);
  const logBug = bugLog(logger);
  const limiter = new RateLimiter(clock);
  const tls = loadTls(config.tls, config.dataDir);
  let listeningUrl: string | null = null;
  const listening = () => {
    if (listeningUrl === null) throw new Error('the server is not listening yet');
    return listeningUrl;
  };
  const origin = () => config.publicOrigin ?? browserOrigin(listening());
  // The host's request log and rate limits read it; the emulator's SSO marks its own provider calls with it.
  const onBehalfOf = new OnBehalfOf();
  // Made before the emulator opens its database, so that a directory it cannot write stops the start at once.
  const recorder = config.recordDir
    ? new Recorder({
        dir: config.recordDir,
        fields: new Set(config.recordRedact.map((field) => field.toLowerCase())),
        maxFiles: config.recordMaxFiles,
        maxBytes: config.recordMaxBytes,
        sequences: config.recordSequences,
        clock,
        log,
      })
    : null;
  // Loaded only when on, so that a server without the emulator never loads its database driver or provider.
  async function mount(): Promise<Emulator> {
    const { mountEmulator } = await import('./emulator/mount.ts');
    return mountEmulator({
      config,
      clock,
      limiter,
      log,
      logBug,
      knobs: options,
      origin,
      loopback: () => ({ localUrl: browserOrigin(listening()), cert: tls?.cert ?? null }),
      onBehalfOf,
      recorder,
      control:
        controlClock && config.emulatorControl
          ? {
              clock: controlClock,
              token: config.emulatorControl.token,
              logControl: (change) => logger.info(change, 'control'),
            }
          : null,
    });
  }
  const emulator = config.emulator ? await mount() : null;
  // One list for the relay to answer and for index.html to carry: the two cannot disagree.
  const listing = connectionsAnswer({
    emulator: config.emulator,
    tenants: config.relayTenants,
    defaultConnection: config.defaultConnection,
  });
  const relay = createRelay({
    tenants: config.relayTenants,
    listing,
    timeoutMs: config.relayTimeoutMs,
    log,
    version: VERSION,
    clock,
    load: options.relayLoad,
    recorder,
  });
  const serveStatic = createStatic(config.distDir, config.emulator, listing);
  const trusted = trustedProxies(config.trustedProxies);
  const health: HealthResponse = {
    status: 'ok',
    service: config.emulator ? 'auth-console-emulator' : 'auth-console',
    version: VERSION,
    emulator: config.emulator,
  };
  const healthText = JSON.stringify(health);

  const headers = securityHeaders(tls !== null || config.publicOrigin?.startsWith('https:') === true);
  const headerList = Object.entries(headers);
  const checkHost = createHostCheck({
    publicOrigin: config.publicOrigin,
    allowedHosts: config.allowedHosts,
    listening,
  });

  const dateByTheClock = answerDating(clock);
  /**
   * What every request goes through first, whoever answers it: its answer dated by the one clock, its line in the
   * request log, the security headers and the Host check. Returns the caller's address.
   */
  function logAndCheckRequest(req: IncomingMessage, res: ServerResponse): string {
    dateByTheClock(res);
    const caller = onBehalfOf.callerOf(req) ?? callerAddress(req, trusted);
    logRequest(logger, req, res, caller);
    for (const [name, value] of headerList) res.setHeader(name, value);
    checkHost(req);
    return caller;
  }

  function handle(req: IncomingMessage, res: ServerResponse): void | Promise<void> {
    const caller = logAndCheckRequest(req, res);
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
      return relay(req, res, caller);
    }
    if (isControlPath(lower)) {
      return emulator?.control ? emulator.control(req, res, url, caller) : controlOff(req);
    }
    if (isEmulatorPath(lower)) {
      return emulator ? emulator.handle(req, res, url, caller) : emulatorOff(req);
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
    if (!config.serveConsole) {
      req.resume();
      throw new ApiError(404, 'not_found', 'This server serves the API only (--no-console).');
    }
    logAsConsoleFile(res);
    serveStatic(req, res, pathname);
  }

  const guarded = guard(handle, logBug);
  // Without Node's own Host check, so that a request lacking one gets this server's answer and headers.
  const serverOptions = { requireHostHeader: false };
  const server = tls
    ? createHttpsServer({ ...serverOptions, cert: tls.cert, key: tls.key }, guarded)
    : createHttpServer(serverOptions, guarded);
  server.headersTimeout = 20_000;
  server.requestTimeout = 30_000;
  // Never the bytes themselves: they may hold a header with a token. A connection that sent nothing before it timed
  // out is a browser's unused preconnect, not a refusal anyone needs to see.
  const logRefused = (answer: ApiError, peer: string | undefined, idle: boolean) =>
    logger[idle ? 'debug' : 'info'](
      { status: answer.status, error: answer.code, caller: peer ?? null },
      'refused before a request',
    );
  takeOverNodeRefusals(server, { headers, clock, logAndCheckRequest, logBug, logRefused });
  const closeServer = gracefulClose(server);

  return {
    server,
    get db() {
      if (!emulator) throw new Error('the emulator is off: there is no database');
      return emulator.db;
    },
    routes: emulator?.routes ?? [],
    realm: emulator?.realm ?? null,
    replay: emulator?.replay ?? null,
    recordingsSettled: () => recorder?.settled() ?? Promise.resolve(),
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
      emulator?.close();
    },
  };
}
