/**
 * The relay room: `/relay` (the connections this server offers) and `/relay/<name>/…`, the same-origin path to a
 * real tenant. It owns the target's path rules, the requests refused before anything reaches a tenant (methods,
 * cross-site and form-sendable sign-ins), which headers go each way, the limits (requests and bytes in flight per
 * caller, sign-ins per caller, a tenant's exhausted rate limit) and the 502s and 503s of its own.
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { MAX_BODY_BYTES } from '../../contract/body-limit.ts';
import { RELAY_LIMIT_HEADER, type RelayLimit } from '../../contract/relay-answer.ts';
import { API_METHODS, isApiMethod, type ApiMethod } from '../../contract/web-api/methods.ts';
import type { ConnectionsAnswer } from '../../contract/wire.ts';
import type { Clock } from '../runtime/clock.ts';
import type { RelayTenant } from '../config/setting-values.ts';
import { readBody } from '../http/body.ts';
import { ApiError, ClientGoneError } from '../http/errors.ts';
import { TENANT_CONTENT_CSP } from '../http/security-headers.ts';
import { answerHeaders } from './answer-headers.ts';
import { refuseFormSendable, refuseOtherSite } from './cross-site-checks.ts';
import { RelayLoad } from './load.ts';
import { parseRelayTarget, relayedLocation, upstreamUrl } from './paths.ts';
import type { Recorder } from '../recordings/recorder.ts';
import { relayedMethod } from './relayed-method.ts';
import { SignInLimit } from './sign-in-limit.ts';
import { TenantExhaustion } from './tenant-exhaustion.ts';
import { refuseTokenless } from './token-required.ts';

/** A body over the relay's own limit: said as the relay's, since the tenant never saw it. */
const RELAY_BODY_LIMIT = `The relay passes request bodies of at most ${MAX_BODY_BYTES / 1024} KB (${MAX_BODY_BYTES.toLocaleString('en-US')} bytes), its own limit, not the tenant's; this one is larger, and the tenant was not called.`;

/** A 413 of the body reader said as the relay's own limit; any other error as it was. */
function asRelayBodyLimit(error: unknown): never {
  if (!(error instanceof ApiError) || error.status !== 413) throw error;
  throw new ApiError(413, error.code, RELAY_BODY_LIMIT, {
    ...error.headers,
    [RELAY_LIMIT_HEADER]: 'body-size' satisfies RelayLimit,
  });
}

/** Upstream answers are read whole before anything is sent back, so a larger one can still become a 502. */
export const MAX_UPSTREAM_BYTES = 10 * 1024 * 1024;

/** What a 503 `relay_busy` asks the client to wait: answers held are sent, or their readers cut off, by then. */
const BUSY_RETRY_AFTER_SECONDS = 5;

/** The only request headers passed on: never cookies, never Host or X-Forwarded-* from the client. */
const REQUEST_HEADERS = ['Authorization', 'Content-Type', 'Accept'] as const;

export interface RelayDeps {
  tenants: RelayTenant[];
  /** What `GET /relay` answers. */
  listing: ConnectionsAnswer;
  timeoutMs: number;
  log: (line: string) => void;
  /** Sent as the relay's own User-Agent. */
  version: string;
  clock: Clock;
  /** Bounds on what requests in flight hold; tests pass their own to watch it. */
  load?: RelayLoad;
  /** RECORD_DIR: where each call outside the Auth area is written with its answer; null when not recording. */
  recorder: Recorder | null;
}

interface UpstreamAnswer {
  status: number;
  headers: Record<string, string[] | undefined>;
  /** The body as it arrived: sent on piece by piece, never copied into one buffer. */
  chunks: Buffer[];
  size: number;
}

/** The relay holds as many answer bytes as it may (overall or for this caller). */
class RelayBusy extends Error {}

function busy(what: string): ApiError {
  return new ApiError(
    503,
    'relay_busy',
    `The relay is busy: ${what}. Try again in ${BUSY_RETRY_AFTER_SECONDS} seconds.`,
    { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
  );
}

class RelayFailure extends Error {
  constructor(
    /** A short, fixed word for the log: never request data. */
    readonly reason: string,
    /** The caller's message, naming the upstream host. */
    readonly detail: string,
  ) {
    super(detail);
  }
}

const TLS_CODES =
  /^(?:CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_TLS_|ERR_SSL_|EPROTO$|HOSTNAME_MISMATCH|ERR_CERT)/;

function failureOf(error: unknown, host: string): RelayFailure {
  const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (TLS_CODES.test(code)) {
    return new RelayFailure(
      `tls ${code}`,
      `The secure connection to the tenant at ${host} failed: its certificate is not trusted for that name (${code}).`,
    );
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new RelayFailure(`dns ${code}`, `The tenant host ${host} could not be found.`);
  }
  if (code === 'ECONNREFUSED') return new RelayFailure(code, `The tenant at ${host} refused the connection.`);
  return new RelayFailure(
    code || 'connection',
    `The connection to the tenant at ${host} failed before it answered${code ? ` (${code})` : ''}.`,
  );
}

/** The relay never asks to switch protocols, so a 101 can only be a broken or hostile tenant. */
function switchingProtocols(host: string): RelayFailure {
  return new RelayFailure(
    'switching protocols',
    `The tenant at ${host} answered 101 Switching Protocols, which the relay never asks for.`,
  );
}

function seconds(ms: number): string {
  const value = ms / 1000;
  return `${value} second${value === 1 ? '' : 's'}`;
}

/**
 * One exchange with the upstream: whole answer or a RelayFailure, within `timeoutMs` from start to end; a
 * RelayBusy when `reserve` refuses the answer's bytes (declared ones before reading them).
 */
function exchange(
  url: URL,
  method: ApiMethod,
  headers: Record<string, string | number>,
  body: Buffer | null,
  timeoutMs: number,
  clientGone: AbortSignal,
  reserve: (bytes: number) => boolean,
): Promise<UpstreamAnswer> {
  const host = url.host;
  return new Promise((resolve, reject) => {
    let settled = false;
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const upstream = send(url, { method, headers });
    const settle = (outcome: UpstreamAnswer | RelayFailure | RelayBusy) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clientGone.removeEventListener('abort', onClientGone);
      if (outcome instanceof Error) {
        upstream.destroy();
        reject(outcome);
      } else {
        resolve(outcome);
      }
    };
    const timer = setTimeout(
      () =>
        settle(
          new RelayFailure('timeout', `The tenant at ${host} did not answer within ${seconds(timeoutMs)}.`),
        ),
      timeoutMs,
    );
    const onClientGone = () => settle(new RelayFailure('client gone', 'The client went away.'));
    clientGone.addEventListener('abort', onClientGone);

    upstream.on('error', (error) => settle(failureOf(error, host)));
    // Node answers an unrequested 101 with an Upgrade header by closing the socket, with no error and no response.
    upstream.on('upgrade', (_res: IncomingMessage, socket: Socket) => {
      socket.destroy();
      settle(switchingProtocols(host));
    });
    upstream.on('close', () =>
      settle(
        new RelayFailure('closed', `The connection to the tenant at ${host} closed before it answered.`),
      ),
    );
    upstream.on('response', (res: IncomingMessage) => {
      if ((res.statusCode ?? 0) < 200) {
        settle(switchingProtocols(host));
        return;
      }
      const tooLarge = () =>
        new RelayFailure(
          'too large',
          `The tenant at ${host} answered more than ${MAX_UPSTREAM_BYTES / (1024 * 1024)} MB, more than the relay passes on.`,
        );
      const declared = Number(res.headers['content-length'] ?? '0');
      if (Number.isFinite(declared) && declared > MAX_UPSTREAM_BYTES) {
        settle(tooLarge());
        return;
      }
      const encoding = (res.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
      if (encoding !== 'identity' && encoding !== '') {
        settle(
          new RelayFailure(
            'encoded',
            `The tenant at ${host} answered in a Content-Encoding the relay asked it not to use.`,
          ),
        );
        return;
      }
      let reserved = Number.isSafeInteger(declared) && declared > 0 ? declared : 0;
      if (!reserve(reserved)) {
        settle(new RelayBusy());
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_UPSTREAM_BYTES) {
          settle(tooLarge());
          return;
        }
        if (size > reserved) {
          if (!reserve(size - reserved)) {
            settle(new RelayBusy());
            return;
          }
          reserved = size;
        }
        chunks.push(chunk);
      });
      res.on('end', () =>
        settle({ status: res.statusCode ?? 502, headers: res.headersDistinct, chunks, size }),
      );
      res.on('error', (error) => settle(failureOf(error, host)));
      res.on('aborted', () =>
        settle(
          new RelayFailure(
            'aborted',
            `The connection to the tenant at ${host} broke before its answer was complete.`,
          ),
        ),
      );
    });
    upstream.end(body ?? undefined);
  });
}

/**
 * Sends the body a piece at a time, the next once the connection has taken the last: each piece taken restarts
 * the connection's idle timer, so that it measures the client's reading, not how long the whole answer takes.
 */
function sendPieces(res: ServerResponse, chunks: Buffer[]) {
  let next = 0;
  const pump = () => {
    while (next < chunks.length) {
      if (!res.write(chunks[next++])) {
        res.once('drain', pump);
        return;
      }
    }
    res.end();
  };
  // Let the pieces go with the connection, even while something still holds the response.
  res.once('close', () => {
    chunks.length = 0;
  });
  pump();
}

/**
 * Serves `/relay` (the configured tenants) and `/relay/<name>/…` (the tenant's API, relayed). Its refusals and
 * failures are thrown on to the request guard, which answers them.
 */
export function createRelay(deps: RelayDeps) {
  const tenants = new Map(deps.tenants.map((tenant) => [tenant.name, tenant]));
  const listingText = JSON.stringify(deps.listing);
  const load = deps.load ?? new RelayLoad();
  const signInLimit = new SignInLimit(deps.clock);
  const exhaustion = new TenantExhaustion(deps.clock);

  /**
   * Destroys the connection of a client that takes none of its answer for a while, or too little of it in all,
   * so that the bytes held for it are let go.
   */
  function cutOffSlowReader(res: ServerResponse, size: number) {
    const { sendIdleTimeoutMs, sendGraceMs, minSendBytesPerSecond } = load.limits;
    res.setTimeout(sendIdleTimeoutMs, () => res.destroy());
    const deadline = setTimeout(
      () => res.destroy(),
      sendGraceMs + (size / minSendBytesPerSecond) * 1000,
    ).unref();
    res.once('close', () => clearTimeout(deadline));
  }

  async function relay(req: IncomingMessage, res: ServerResponse, caller: string) {
    res.setHeader('Content-Security-Policy', TENANT_CONTENT_CSP);
    // What the relay answers itself (its refusals, limits, failures) is for this moment only.
    res.setHeader('Cache-Control', 'no-store');
    const target = parseRelayTarget(req.url ?? '/');
    if (target.kind === 'list') {
      if (req.method !== 'GET') {
        throw new ApiError(405, 'method_not_allowed', 'The relay list accepts GET only.', { Allow: 'GET' });
      }
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(listingText),
        'Cache-Control': 'no-store',
      });
      res.end(listingText);
      return;
    }
    const tenant = tenants.get(target.name);
    if (!tenant)
      throw new ApiError(404, 'not_found', 'No relay tenant has this name; GET /relay lists them.');
    const method = req.method;
    // HEAD, OPTIONS and TRACE have no use here and are refused.
    if (!isApiMethod(method)) {
      throw new ApiError(405, 'method_not_allowed', `The relay accepts ${API_METHODS.join(', ')} only.`, {
        Allow: API_METHODS.join(', '),
      });
    }
    refuseOtherSite(req);
    const url = upstreamUrl(tenant.upstream, target.rest, target.search);
    const called = relayedMethod(method, url);
    refuseFormSendable(req, method, called.signIn);
    refuseTokenless(req, called.needsToken);
    const methodOfTenant = `${tenant.name} ${called.key}`;
    exhaustion.enforce(methodOfTenant);
    if (called.limitedAuth) signInLimit.enforce(tenant.name, called.key, caller);
    const slot = load.admit(caller);
    if (!slot) throw busy(`this caller has ${load.limits.maxRequestsPerCaller} requests in flight already`);
    res.on('close', slot.release);
    const body = await readBody(req, MAX_BODY_BYTES).catch(asRelayBodyLimit);

    const headers: Record<string, string | number> = {
      'User-Agent': `auth-console-relay/${deps.version}`,
      // Bodies come back as they are sent; asking for no encoding keeps them readable and their size honest.
      'Accept-Encoding': 'identity',
    };
    for (const name of REQUEST_HEADERS) {
      const value = req.headers[name.toLowerCase()];
      if (typeof value === 'string') headers[name] = value;
    }
    const sendsBody = method !== 'GET';
    if (sendsBody) headers['Content-Length'] = body.length;

    const gone = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) gone.abort();
    };
    res.on('close', onClose);
    let answer: UpstreamAnswer;
    try {
      answer = await exchange(
        url,
        method,
        headers,
        sendsBody ? body : null,
        deps.timeoutMs,
        gone.signal,
        slot.reserve,
      );
    } catch (error) {
      if (gone.signal.aborted) throw new ClientGoneError('client aborted');
      if (error instanceof RelayBusy) throw busy('it holds as many answers in memory as it may');
      if (!(error instanceof RelayFailure)) throw error;
      // Host and a fixed reason only: never the path, query or any header, which may carry secrets.
      deps.log(`relay ${tenant.name}: ${url.host} failed (${error.reason})`);
      throw new ApiError(502, 'relay_failed', error.detail);
    } finally {
      res.off('close', onClose);
    }

    const passed = answerHeaders(answer.headers, req.headers.authorization !== undefined);
    if (!passed.ok) {
      deps.log(`relay ${tenant.name}: ${url.host} failed (conflicting ${passed.conflicting})`);
      throw new ApiError(
        502,
        'relay_failed',
        `The tenant at ${url.host} answered with conflicting ${passed.conflicting} headers.`,
      );
    }
    const out = passed.headers;
    exhaustion.heard(methodOfTenant, url.host, out);
    const location = answer.headers.location?.[0];
    if (answer.status >= 300 && answer.status < 400 && location !== undefined) {
      const relayed = relayedLocation(location, url, tenant.upstream, tenant.name);
      if (relayed !== null) out.Location = relayed;
    }
    const empty = answer.status === 204 || answer.status === 304;
    if (deps.recorder && !called.authArea) {
      // Written later, one at a time; whatever becomes of it is the recorder's log line, never this answer's.
      deps.recorder.record({
        method,
        below: target.rest ?? '',
        search: target.search,
        body: sendsBody ? body : Buffer.alloc(0),
        contentType: req.headers['content-type'],
        authorization: req.headers.authorization,
        status: answer.status,
        headers: { ...out },
        answer: empty ? [] : [...answer.chunks],
      });
    }
    if (!empty) out['Content-Length'] = String(answer.size);
    cutOffSlowReader(res, answer.size);
    res.writeHead(answer.status, out);
    sendPieces(res, empty ? [] : answer.chunks);
  }

  return relay;
}
