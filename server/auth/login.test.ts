import { describe, expect, it } from 'vitest';
import { decodeJwt } from '../testing/jwt.ts';
import { expectApiError } from '../testing/api-error.ts';
import type { RawResponse } from '../testing/http-client.ts';
import { median, post } from '../testing/requests.ts';
import { DEMO, startTestServer } from '../testing/start-server.ts';
import { useTestServer } from '../testing/use-test-server.ts';

const JWT_TEXT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

function expectToken(reply: RawResponse, username: string) {
  expect(reply.status).toBe(200);
  expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(reply.text).toMatch(JWT_TEXT);
  expect(decodeJwt(reply.text).claims.unique_name).toBe(username);
}

describe('POST /api/auth and /api/auth/login: success', () => {
  const server = useTestServer();

  it.each([
    '/TDWebApi/api/auth',
    '/TDWebApi/api/auth/login',
    '/SBTDWebApi/api/auth',
    '/SBTDWebApi/api/auth/login',
    '/TDWebApi/api/Auth/Login',
    '/tdwebapi/API/AUTH',
    '/SBTDWEBAPI/Api/auth/LOGIN',
  ])('%s answers the bare JWT as text/plain', async (path) => {
    expectToken(
      await post(`${server.origin}${path}`, { username: DEMO.jdoe, password: DEMO.password }),
      DEMO.jdoe,
    );
  });

  it.each([
    ['username', 'password'],
    ['UserName', 'Password'],
    ['userName', 'password'],
    ['USERNAME', 'PASSWORD'],
  ])('matches the key names %s / %s without regard to letter case', async (userKey, passwordKey) => {
    const reply = await post(`${server.api}/auth/login`, {
      [userKey]: DEMO.asmith,
      [passwordKey]: DEMO.password,
    });
    expectToken(reply, DEMO.asmith);
  });

  it.each(['application/json', 'text/json', 'application/json; charset=utf-8', 'text/json; charset=utf-8'])(
    'accepts Content-Type %s',
    async (type) => {
      const body = { username: DEMO.jdoe, password: DEMO.password };
      expectToken(await post(`${server.api}/auth`, body, { 'Content-Type': type }), DEMO.jdoe);
    },
  );

  it.each(['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=UTF-8'])(
    'accepts form fields sent as %s, names in any letter case',
    async (type) => {
      const body = `UserName=${encodeURIComponent(DEMO.jdoe)}&PASSWORD=${encodeURIComponent(DEMO.password)}`;
      expectToken(await post(`${server.api}/auth/login`, body, { 'Content-Type': type }), DEMO.jdoe);
    },
  );

  it('refuses text/plain with 415', async () => {
    const reply = await post(
      `${server.api}/auth`,
      { username: DEMO.jdoe, password: DEMO.password },
      { 'Content-Type': 'text/plain' },
    );
    expectApiError(reply, 415, 'unsupported_media_type');
  });

  it('matches the user name without regard to letter case and names the stored user in the token', async () => {
    expectToken(
      await post(`${server.api}/auth/login`, { username: 'JDoe@Example.EDU', password: DEMO.password }),
      DEMO.jdoe,
    );
  });
});

describe('POST /api/auth/login: refusals', () => {
  const server = useTestServer();

  it('answers a wrong password, an unknown user, an inactive user with a wrong password and a password-less account identically', async () => {
    const replies = [
      await post(`${server.api}/auth/login`, { username: DEMO.jdoe, password: 'wrong-password' }),
      await post(`${server.api}/auth/login`, { username: 'nobody@example.edu', password: DEMO.password }),
      await post(`${server.api}/auth/login`, { username: DEMO.retired, password: 'wrong-password' }),
      // An account without a password (the service account) never signs in with one.
      await post(`${server.api}/auth/login`, { username: 'api-admin@example.edu', password: DEMO.password }),
    ];
    for (const reply of replies) {
      expectApiError(reply, 401, 'invalid_credentials');
      expect(reply.text).toBe(replies[0]!.text);
    }
  });

  it('tells an inactive user so only once the password verified: 403 account_inactive', async () => {
    const reply = await post(`${server.api}/auth`, { username: DEMO.retired, password: DEMO.password });
    expectApiError(reply, 403, 'account_inactive');
  });
});

describe('GET /api/auth/loginsso', () => {
  const server = useTestServer();

  it('sends a browser without an SSO session to the identity provider (the whole flow: server/sso/)', async () => {
    const res = await fetch(`${server.api}/auth/loginsso`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(new RegExp(`^${server.origin}/idp/auth\\?`));
  });
});

describe('POST /api/auth/login: the same work for an unknown user', () => {
  // The real hashing cost, so that skipping the hash for an unknown user would show.
  const server = useTestServer({ scryptCost: { log2N: 14, r: 8, p: 1 } });

  /**
   * CPU time of this process (the server runs in it, scrypt on its thread pool) while one request is answered:
   * unlike wall-clock time it does not grow when other processes load the machine.
   */
  async function cpuMs(body: object, status: number): Promise<number> {
    const before = process.cpuUsage();
    const reply = await post(`${server.api}/auth/login`, body);
    const used = process.cpuUsage(before);
    expect(reply.status).toBe(status);
    return (used.user + used.system) / 1000;
  }

  it('spends as much CPU on an unknown user as on a wrong password, far more than on a refused body', async () => {
    const wrongPassword = (username: string) => cpuMs({ username, password: 'wrong-password' }, 401);
    await wrongPassword(DEMO.asmith);
    await wrongPassword('warm-up@example.edu');
    const baseline: number[] = [];
    const unknown: number[] = [];
    const wrong: number[] = [];
    // Interleaved, so that whatever else this process does falls on every side alike. Seven wrong passwords per
    // account stay under the lockout threshold.
    for (let i = 0; i < 7; i++) {
      baseline.push(await cpuMs({ username: DEMO.jdoe }, 400));
      unknown.push(await wrongPassword(`nobody-${i}@example.edu`));
      wrong.push(await wrongPassword(DEMO.jdoe));
    }
    const [u, w, b] = [median(unknown), median(wrong), median(baseline)];
    expect(Math.min(u, w) / Math.max(u, w), `unknown ${u} ms, wrong ${w} ms`).toBeGreaterThanOrEqual(0.5);
    // Both really hash: scrypt at N=2^14 costs tens of milliseconds of CPU, a refused body about one.
    expect(Math.min(u, w), `baseline ${b} ms`).toBeGreaterThan(b * 4);
  }, 30_000);
});

describe('POST /api/auth/login: lockout', () => {
  const server = useTestServer({ config: { trustedProxies: ['127.0.0.1'] } });
  const attempt = (username: string, password: string, ip: string) =>
    post(`${server.api}/auth/login`, { username, password }, { 'X-Forwarded-For': ip });

  it('refuses an account after 10 failures from any address, with the right password too, for 15 minutes', async () => {
    for (let i = 0; i < 10; i++) expect((await attempt(DEMO.jdoe, 'wrong', '198.51.100.1')).status).toBe(401);

    const locked = await attempt(DEMO.jdoe, DEMO.password, '203.0.113.7');
    expectApiError(locked, 403, 'account_locked');
    expect(locked.headers['retry-after']).toBe('900');

    server.clock.advance(15 * 60_000 - 1_000);
    const still = await attempt(DEMO.jdoe, DEMO.password, '203.0.113.8');
    expect(still.status).toBe(403);
    expect(still.headers['retry-after']).toBe('1');

    server.clock.advance(1_000);
    expectToken(await attempt(DEMO.jdoe, DEMO.password, '203.0.113.9'), DEMO.jdoe);
  });

  it('a right password after nine wrong ones signs in and leaves the account unlocked', async () => {
    for (let i = 0; i < 9; i++) expect((await attempt(DEMO.jdoe, 'wrong', '198.51.100.4')).status).toBe(401);
    expectToken(await attempt(DEMO.jdoe, DEMO.password, '203.0.113.12'), DEMO.jdoe);
    expectToken(await attempt(DEMO.jdoe, DEMO.password, '203.0.113.12'), DEMO.jdoe);
    // The success forgot the nine: nine more wrong ones do not lock it either.
    for (let i = 0; i < 9; i++) expect((await attempt(DEMO.jdoe, 'wrong', '198.51.100.4')).status).toBe(401);
    expectToken(await attempt(DEMO.jdoe, DEMO.password, '203.0.113.12'), DEMO.jdoe);
  });

  it('locks an unknown account name exactly like an existing one', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await attempt(DEMO.asmith, 'wrong', '198.51.100.2')).status).toBe(401);
      expect((await attempt('ghost@example.edu', 'wrong', '198.51.100.3')).status).toBe(401);
    }
    const real = await attempt(DEMO.asmith, DEMO.password, '203.0.113.10');
    const ghost = await attempt('ghost@example.edu', DEMO.password, '203.0.113.11');
    expectApiError(real, 403, 'account_locked');
    expect(ghost.status).toBe(real.status);
    expect(ghost.text).toBe(real.text);
    expect(ghost.headers['retry-after']).toBe(real.headers['retry-after']);
  });

  it('lets no more than 10 guesses through when they arrive all at once', async () => {
    // Hashing that takes a while, so the guesses are in flight together; from 40 callers, as a botnet would, so
    // that no caller's share of the hash queue turns any away.
    const slow = await startTestServer({
      scryptCost: { log2N: 12, r: 8, p: 1 },
      config: { trustedProxies: ['127.0.0.1'] },
    });
    try {
      const replies = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          post(
            `${slow.api}/auth/login`,
            { username: DEMO.jdoe, password: 'wrong' },
            { 'X-Forwarded-For': `203.0.113.${i + 1}` },
          ),
        ),
      );
      const statuses = replies.map((reply) => reply.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 403)).toHaveLength(30);
    } finally {
      await slow.stop(true);
    }
  });
});
