import type { Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { describe, expect, it } from 'vitest';
import { expectApiError } from '../testing/api-error.ts';
import { sendRaw, type RawResponse } from '../testing/http-client.ts';
import { useTestServer } from '../testing/use-test-server.ts';

/**
 * Answers Node writes itself, for bytes that never became a request, carry the same headers and JSON error body
 * as every other answer. Raw sockets: no HTTP client sends these bytes.
 */
const HOST = 'Host: localhost\r\nConnection: close\r\n';

function expectSecurityHeaders(res: RawResponse) {
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
}

describe("Node's own answers over plain HTTP", () => {
  const server = useTestServer();

  it.each([
    [
      400,
      'broken framing',
      `POST /healthz HTTP/1.1\r\n${HOST}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n`,
    ],
    [400, 'an invalid method token', `G@T /healthz HTTP/1.1\r\n${HOST}\r\n`],
    [400, 'not HTTP at all', '\u0016\u0003\u0001\u0000\u00a5hello\r\n\r\n'],
    [431, 'headers over the limit', `GET /healthz HTTP/1.1\r\n${HOST}X-Big: ${'b'.repeat(20_000)}\r\n\r\n`],
    [400, 'no Host header', 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n'],
    [417, 'an unmet expectation', `GET /healthz HTTP/1.1\r\n${HOST}Expect: teapot\r\n\r\n`],
    [405, 'CONNECT', 'CONNECT example.edu:443 HTTP/1.1\r\nHost: example.edu:443\r\n\r\n'],
  ])('%i for %s: JSON error and the security headers, no HSTS over http', async (status, _name, bytes) => {
    const res = await sendRaw(server.origin, bytes);
    expectApiError(res, status);
    expectSecurityHeaders(res);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('408 for a request that did not arrive in time', async () => {
    // Node's own timer reports a slow request as this clientError; raised here rather than waited for.
    const accepted = new Promise<Socket>((resolve) => server.app.server.once('connection', resolve));
    const answer = sendRaw(server.origin, 'GET /healthz HTTP/1.1\r\nHost: local');
    const socket = await accepted;
    await new Promise((resolve) => setImmediate(resolve));
    const timeout = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    server.app.server.emit('clientError', timeout, socket);
    const res = await answer;
    expectApiError(res, 408);
    expectSecurityHeaders(res);
  });

  it('logs what it turned away, with status, code and peer, and none of the bytes', async () => {
    const secret = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0.c2lnbmF0dXJl';
    const before = server.lines.length;
    const refusalsBefore = server.refusals.length;
    await sendRaw(
      server.origin,
      `G@T /healthz?token=${secret} HTTP/1.1\r\n${HOST}Authorization: Bearer ${secret}\r\n\r\n`,
    );
    await sendRaw(server.origin, 'CONNECT example.edu:443 HTTP/1.1\r\nHost: example.edu:443\r\n\r\n');
    expect(
      server.refusals.slice(refusalsBefore).map(({ status, error, caller }) => ({ status, error, caller })),
    ).toEqual([
      { status: 400, error: 'bad_request', caller: '127.0.0.1' },
      { status: 405, error: 'method_not_allowed', caller: '127.0.0.1' },
    ]);
    const written = server.lines.slice(before).join('\n');
    expect(written).not.toContain(secret);
    expect(written).not.toContain('example.edu');
  });

  it('the server still answers afterwards', async () => {
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
  });
});

/** Bytes over TLS to a self-signed test server, read until it closes. */
function sendTls(origin: string, bytes: string): Promise<RawResponse> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({ host: hostname, port: Number(port), rejectUnauthorized: false }, () =>
      socket.write(bytes),
    );
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('latin1');
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers['content-length'] ?? body.length);
      resolve({ status: Number(statusLine.split(' ')[1]), headers, text: body.slice(0, length) });
    });
  });
}

describe('under TLS', () => {
  const server = useTestServer({ config: { tls: { kind: 'self-signed' } } });

  it.each([
    [200, 'a request', `GET /healthz HTTP/1.1\r\n${HOST}\r\n`],
    [404, 'an unknown API path', `GET /TDWebApi/api/nope HTTP/1.1\r\n${HOST}\r\n`],
    [421, 'another host name', 'GET /healthz HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n'],
    [400, 'broken framing', `G@T /healthz HTTP/1.1\r\n${HOST}\r\n`],
    [431, 'headers over the limit', `GET /healthz HTTP/1.1\r\n${HOST}X-Big: ${'b'.repeat(20_000)}\r\n\r\n`],
    [405, 'CONNECT', 'CONNECT example.edu:443 HTTP/1.1\r\nHost: example.edu:443\r\n\r\n'],
  ])('%i for %s carries Strict-Transport-Security', async (status, _name, bytes) => {
    const res = await sendTls(server.origin, bytes);
    expect(res.status, res.text).toBe(status);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expectSecurityHeaders(res);
  });
});

describe('a connection that timed out', () => {
  const server = useTestServer({ config: { logLevel: 'debug' } });

  /** Node's own timer, raised here rather than waited for, on a connection that has sent `bytes`. */
  async function timedOut(bytes: string): Promise<string> {
    const accepted = new Promise<Socket>((resolve) => server.app.server.once('connection', resolve));
    const before = server.lines.length;
    const answer = sendRaw(server.origin, bytes);
    const socket = await accepted;
    // Until the server has read what was sent (bounded by count: a few turns of the event loop).
    for (let turn = 0; turn < 100 && socket.bytesRead < bytes.length; turn++)
      await new Promise((resolve) => setTimeout(resolve, 1));
    expect(socket.bytesRead).toBe(bytes.length);
    const timeout = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    server.app.server.emit('clientError', timeout, socket);
    expectApiError(await answer, 408);
    const lines = server.lines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'refused before a request', status: 408, caller: '127.0.0.1' });
    return String(lines[0]!.level);
  }

  it('having sent nothing (a browser’s unused preconnect) is logged at debug only', async () => {
    expect(await timedOut('')).toBe('debug');
  });

  it('in the middle of a request is a refusal worth seeing: info', async () => {
    expect(await timedOut('GET /healthz HTTP/1.1\r\nHost: local')).toBe('info');
  });
});
