import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, expectNoLeak } from '../testing/api-error.ts';
import { startEchoUpstream, type EchoUpstream } from '../testing/echo-upstream.ts';
import { send } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-server.ts';
import { loadTls } from '../config/tls.ts';
import { MAX_UPSTREAM_BYTES } from './relay.ts';

const TIMEOUT_MS = 300;
const BEARER = 'Bearer eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXBheWxvYWQ.c2lnbmF0dXJl';

let upstream: EchoUpstream;
let closedPort: number;
let tlsDir: string;
let tlsServer: HttpsServer;
let tlsPort: number;
let front: TestServer;

/** A port nothing listens on: taken, then let go. */
async function freedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  const big = Buffer.alloc(MAX_UPSTREAM_BYTES + 1, 'x');
  upstream = await startEchoUpstream({
    // Never answers: the relay's timer has to end it.
    '/TDWebApi/silent': () => undefined,
    // Answers the headers, then stalls in the middle of the body.
    '/TDWebApi/stalls': (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': 100 });
      res.write('{"partial":');
    },
    '/TDWebApi/huge-declared': (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': big.length });
      res.write('[');
    },
    '/TDWebApi/huge-streamed': (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(big);
    },
    '/TDWebApi/gzipped': (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      res.end('not really gzip');
    },
    '/TDWebApi/broken': (req) => {
      req.socket.destroy();
    },
    // Unrequested protocol switches, left open: only the relay can end them.
    '/TDWebApi/switch-upgrade': (req) => {
      req.socket.write(
        'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
      );
    },
    '/TDWebApi/switch-bare': (req) => {
      req.socket.write('HTTP/1.1 101 Switching Protocols\r\n\r\n');
    },
    '/TDWebApi/two-types': (req) => {
      req.socket.end(
        'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Type: text/html\r\nContent-Length: 2\r\n\r\nhi',
      );
    },
  });
  closedPort = await freedPort();
  tlsDir = mkdtempSync(join(tmpdir(), 'relay-tls-'));
  const tls = loadTls({ kind: 'self-signed' }, tlsDir)!;
  tlsServer = createHttpsServer({ cert: tls.cert, key: tls.key }, (_req, res) => res.end('{}'));
  await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
  tlsPort = (tlsServer.address() as AddressInfo).port;
  front = await startTestServer({
    config: {
      relayTimeoutMs: TIMEOUT_MS,
      relayTenants: [
        { name: 'echo', upstream: `${upstream.origin}/TDWebApi` },
        { name: 'closed', upstream: `http://127.0.0.1:${closedPort}/TDWebApi` },
        { name: 'untrusted', upstream: `https://127.0.0.1:${tlsPort}/TDWebApi` },
      ],
    },
  });
});
afterAll(async () => {
  await front.stop(true);
  await upstream.stop();
  tlsServer.closeAllConnections();
  await new Promise<void>((resolve) => tlsServer.close(() => resolve()));
  rmSync(tlsDir, { recursive: true, force: true });
});

async function relayFailure(path: string, host: string) {
  const res = await send(front.origin, {
    path,
    method: 'POST',
    headers: { Authorization: BEARER, 'Content-Type': 'application/json' },
    body: '{"password":"hunter2-secret"}',
  });
  const body = expectApiError(res, 502, 'relay_failed');
  expect(body.message).toContain(host);
  expectNoLeak(res.text);
  for (const text of [res.text, ...front.logs]) {
    expect(text).not.toContain('eyJhbGciOiJIUzI1NiJ9');
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('/TDWebApi/');
  }
  expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  return body;
}

describe('when the upstream fails, a 502 relay_failed naming its host', () => {
  it('refused connection', async () => {
    const body = await relayFailure('/relay/closed/api/auth/getuser?key=secret', `127.0.0.1:${closedPort}`);
    expect(body.message).toMatch(/refused the connection/);
    expect(front.logs.at(-1)).toBe(`relay closed: 127.0.0.1:${closedPort} failed (ECONNREFUSED)`);
  });

  it('a certificate that is not trusted', async () => {
    const body = await relayFailure('/relay/untrusted/api/auth', `127.0.0.1:${tlsPort}`);
    expect(body.message).toMatch(/certificate is not trusted/);
  });

  it('the connection dropped before an answer', async () => {
    const host = new URL(upstream.origin).host;
    const body = await relayFailure('/relay/echo/broken', host);
    expect(body.message).toBe(
      `The connection to the tenant at ${host} failed before it answered (ECONNRESET).`,
    );
    expect(front.logs.at(-1)).toBe(`relay echo: ${host} failed (ECONNRESET)`);
  });

  it('no answer within the timeout, measured by a timer', async () => {
    const started = Date.now();
    const body = await relayFailure('/relay/echo/silent', new URL(upstream.origin).host);
    const elapsed = Date.now() - started;
    expect(body.message).toMatch(/did not answer within 0\.3 seconds/);
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(elapsed).toBeLessThan(5_000);
  });

  it('an answer whose body stalls past the timeout', async () => {
    const host = new URL(upstream.origin).host;
    const body = await relayFailure('/relay/echo/stalls', host);
    expect(body.message).toBe(`The tenant at ${host} did not answer within 0.3 seconds.`);
    expect(front.logs.at(-1)).toBe(`relay echo: ${host} failed (timeout)`);
  });

  it('an answer declared over 10 MB, refused before reading it', async () => {
    const body = await relayFailure('/relay/echo/huge-declared', new URL(upstream.origin).host);
    expect(body.message).toMatch(/more than 10 MB/);
  });

  it('an answer that grows over 10 MB as it streams', async () => {
    const body = await relayFailure('/relay/echo/huge-streamed', new URL(upstream.origin).host);
    expect(body.message).toMatch(/more than 10 MB/);
  });

  it('an answer in a content encoding the relay did not ask for', async () => {
    const host = new URL(upstream.origin).host;
    const body = await relayFailure('/relay/echo/gzipped', host);
    expect(body.message).toBe(
      `The tenant at ${host} answered in a Content-Encoding the relay asked it not to use.`,
    );
    expect(front.logs.at(-1)).toBe(`relay echo: ${host} failed (encoded)`);
  });

  it.each(['switch-upgrade', 'switch-bare'])(
    'an unrequested 101 (%s) at once, not after the timeout',
    async (path) => {
      const body = await relayFailure(`/relay/echo/${path}`, new URL(upstream.origin).host);
      expect(body.message).toMatch(/answered 101 Switching Protocols/);
      expect(front.logs.at(-1)).toMatch(/failed \(switching protocols\)$/);
    },
  );

  it('an answer with two different Content-Type headers', async () => {
    const body = await relayFailure('/relay/echo/two-types', new URL(upstream.origin).host);
    expect(body.message).toMatch(/conflicting Content-Type headers/);
  });

  it('still relays normally afterwards', async () => {
    const res = await send(front.origin, {
      path: '/relay/echo/api/auth/getuser',
      headers: { Authorization: 'Bearer t' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});
