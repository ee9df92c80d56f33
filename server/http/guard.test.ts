import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { expectApiError, expectNoLeak } from '../testing/api-error.ts';
import { send } from '../testing/http-client.ts';
import { DEMO, login, startTestServer } from '../testing/start-server.ts';
import { setMeta } from '../store/db.ts';
import { ApiError } from './errors.ts';
import { guard, type RequestHandler } from './guard.ts';

let server: Server | null = null;
afterEach(async () => {
  const running = server;
  server = null;
  if (running) await new Promise((done) => running.close(done));
});

/** A real server on a free port whose every request goes through `handler` under the guard. */
async function serve(handler: RequestHandler) {
  const bugs: unknown[] = [];
  server = createServer(guard(handler, (_method, _target, bug) => bugs.push(bug)));
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bugs };
}

const SECRET = 'Tdx-demo-2026';

describe('the last-resort request guard', () => {
  it('answers an exception with the generic 500, tells it once, and the server goes on', async () => {
    let calls = 0;
    const { origin, bugs } = await serve((req, res) => {
      calls += 1;
      if (req.url === '/ok') {
        res.end('fine');
        return;
      }
      throw new Error(`boom with ${SECRET}`);
    });
    const res = await send(origin, { path: '/boom' });
    expect(expectApiError(res, 500, 'internal_error').message).toBe(
      'The server failed to answer this request.',
    );
    expect(res.text).not.toContain(SECRET);
    expectNoLeak(res.text);
    expect(bugs).toHaveLength(1);
    expect((await send(origin, { path: '/ok' })).text).toBe('fine');
    expect(calls).toBe(2);
  });

  it('answers a rejected promise the same way', async () => {
    const { origin, bugs } = await serve(async () => {
      await Promise.resolve();
      throw new TypeError('late');
    });
    expectApiError(await send(origin, { path: '/' }), 500, 'internal_error');
    expect(bugs).toHaveLength(1);
  });

  it('answers an ApiError as it is, without calling it a bug', async () => {
    const { origin, bugs } = await serve(() => {
      throw new ApiError(404, 'not_found', 'Nothing here.');
    });
    expectApiError(await send(origin, { path: '/' }), 404, 'not_found');
    expect(bugs).toEqual([]);
  });

  it('closes the connection when the answer had already begun', async () => {
    const { origin, bugs } = await serve(async (_req, res) => {
      res.writeHead(200, { 'Content-Length': '100' });
      res.write('partial');
      await Promise.resolve();
      throw new Error('half-way');
    });
    await expect(send(origin, { path: '/' })).rejects.toThrow();
    expect(bugs).toHaveLength(1);
  });
});

describe('the guard in the app', () => {
  it('answers a failing identity provider with the one generic 500, logged once per request without secrets', async () => {
    const server = await startTestServer();
    try {
      // Damaged provider keys (the provider is built on first use): its JSON parse error would quote them.
      setMeta(server.app.db, 'idp-signing-jwks', `{"keys": [${SECRET}`);
      const res = await send(server.origin, {
        path: '/idp/.well-known/openid-configuration?code=query-secret',
      });
      expectApiError(res, 500, 'internal_error');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.text).not.toContain(SECRET);
      expect(server.logs).toHaveLength(1);
      expect(server.logs[0]).toMatch(
        /^internal error on GET \/idp\/\.well-known\/openid-configuration: SyntaxError\n/,
      );
      expect(server.lines.join('\n')).not.toMatch(/Tdx-demo-2026|query-secret/);
      expect(server.requests.at(-1)).toMatchObject({
        path: '/idp/.well-known/openid-configuration',
        status: 500,
      });
      // The server goes on.
      expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
      expect(await login(server.api, DEMO.jdoe)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    } finally {
      await server.stop(true);
    }
  });
});
