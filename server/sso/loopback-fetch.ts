import { X509Certificate } from 'node:crypto';
import { request, type IncomingMessage } from 'node:http';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import type { OnBehalfOf } from './on-behalf-of.ts';

export interface Loopback {
  /** Where this server listens, e.g. http://127.0.0.1:8080. */
  localUrl: string;
  /** The certificate this server presents, when it serves TLS: the only one accepted on the way back in. */
  cert: Buffer | null;
}

type FetchInit = { method?: string; headers?: Record<string, string>; body?: unknown; signal?: AbortSignal };

function bodyText(body: unknown, headers: Record<string, string>): string | Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || Buffer.isBuffer(body)) return body;
  if (body instanceof URLSearchParams) {
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    }
    return body.toString();
  }
  throw new TypeError('unsupported request body');
}

function toResponse(res: IncomingMessage, chunks: Buffer[]): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    for (const one of Array.isArray(value) ? value : [value ?? '']) headers.append(name, one);
  }
  const status = res.statusCode ?? 502;
  const empty = status === 204 || status === 304;
  return new Response(empty ? null : Buffer.concat(chunks), { status, headers });
}

/** A TLS connection that is used only once the peer has shown exactly this certificate. */
function pinnedSocket(host: string, port: number, fingerprint: string): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    // The chain is not checked by the system's roots: the fingerprint below is a stricter check.
    const socket = tlsConnect({ host, port, rejectUnauthorized: false });
    socket.once('error', reject);
    socket.once('secureConnect', () => {
      if (socket.getPeerCertificate().fingerprint256 === fingerprint) {
        resolve(socket);
      } else {
        socket.destroy();
        reject(new Error('the loopback peer did not present this server certificate'));
      }
    });
  });
}

/**
 * A fetch for the relying party to reach the embedded provider: requests for this server's public origin go
 * straight to its own listening socket (so the public name need not resolve from inside, nor a proxy be passed),
 * and under TLS the peer must present this server's own certificate, trusted or not. Each such call is marked
 * with the caller it is made for.
 */
export function loopbackFetch(publicOrigin: string, loopback: Loopback, onBehalfOf: OnBehalfOf) {
  const local = new URL(loopback.localUrl);
  const host = local.hostname.replace(/^\[|\]$/g, '');
  const port = Number(local.port);
  const fingerprint = loopback.cert ? new X509Certificate(loopback.cert).fingerprint256 : null;

  return async (url: string, init: FetchInit = {}): Promise<Response> => {
    const target = new URL(url);
    if (target.origin !== publicOrigin) return fetch(url, init as RequestInit);
    const headers = { ...init.headers, ...onBehalfOf.headers() };
    const body = bodyText(init.body, headers);
    const socket = fingerprint === null ? null : await pinnedSocket(host, port, fingerprint);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host,
          port,
          method: init.method ?? 'GET',
          path: `${target.pathname}${target.search}`,
          headers,
          signal: init.signal,
          ...(socket ? { createConnection: () => socket } : { agent: false }),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve(toResponse(res, chunks)));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };
}
