import { afterEach, describe, expect, it } from 'vitest';
import { expectApiError } from '../../testing/api-error.ts';
import { controlCall } from '../../testing/control-client.ts';
import { send } from '../../testing/http-client.ts';
import { DEMO, login, loginAdmin } from '../../testing/start-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';

const server = useTestServer({
  config: { emulatorControl: { token: null }, rateLimit: 5 },
  lockout: {
    maxFailures: 2,
    windowMs: 15 * 60_000,
    lockMs: 15 * 60_000,
    maxTracked: 1000,
    lockSlots: 1024,
  },
});
afterEach(async () => {
  await controlCall(server.origin, 'DELETE', '/faults');
  await controlCall(server.origin, 'POST', '/reset', { realm: true });
});

const getUser = (token: string, base = '/TDWebApi') =>
  send(server.origin, { path: `${base}/api/auth/getuser`, headers: { Authorization: `Bearer ${token}` } });

const adminLogin = (key: string) =>
  send(server.origin, {
    method: 'POST',
    path: '/TDWebApi/api/auth/loginadmin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ BEID: DEMO.exampleBeid, WebServicesKey: key }),
  });

const passwordLogin = (username: string, password: string) =>
  send(server.origin, {
    method: 'POST',
    path: '/TDWebApi/api/auth',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });

/** The log records of control calls, as written. */
const controlLines = () =>
  server.lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((r) => r.msg === 'control');

describe('POST /_emulator/clock', () => {
  it('moves the one clock on: a token signed before 24 h gets 401, GET reads the clock', async () => {
    const token = await login(server.api, DEMO.jdoe);
    expect((await getUser(token)).status).toBe(200);
    const before = JSON.parse((await controlCall(server.origin, 'GET', '/clock')).text) as { now: string };
    const res = await controlCall(server.origin, 'POST', '/clock', { advance: '24h' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const moved = JSON.parse(res.text) as { now: string; offsetSeconds: number };
    expect(moved.offsetSeconds).toBe(86_400);
    expect(Date.parse(moved.now) - Date.parse(before.now)).toBe(86_400_000);
    const refused = expectApiError(await getUser(token), 401, 'invalid_token');
    expect(refused.message).toBe('The token has expired.');
    expect(JSON.parse((await controlCall(server.origin, 'GET', '/clock')).text)).toEqual(moved);
    expect(controlLines().at(-1)).toMatchObject({
      level: 'info',
      msg: 'control',
      action: 'clock',
      advancedSeconds: 86_400,
    });
  });

  it('takes "90s", "15m", "2d" and seconds', async () => {
    const offset = async (advance: unknown) =>
      (
        JSON.parse((await controlCall(server.origin, 'POST', '/clock', { advance })).text) as {
          offsetSeconds: number;
        }
      ).offsetSeconds;
    const start = await offset(0);
    expect((await offset('90s')) - start).toBe(90);
    expect((await offset('15m')) - start).toBe(90 + 900);
    expect((await offset(10)) - start).toBe(90 + 900 + 10);
    expect((await offset('2d')) - start).toBe(90 + 900 + 10 + 172_800);
  });

  it('refuses a malformed advance with a 400 that says what is wrong', async () => {
    for (const body of [
      { advance: '-1h' },
      { advance: '24x' },
      { advance: -5 },
      { advance: true },
      { advance: '9999d' },
    ]) {
      const error = expectApiError(
        await controlCall(server.origin, 'POST', '/clock', body),
        400,
        'bad_request',
      );
      expect(error.message).toMatch(/^advance must be a duration/);
    }
    expectApiError(await controlCall(server.origin, 'POST', '/clock', {}), 400, 'bad_request');
    const unknown = expectApiError(
      await controlCall(server.origin, 'POST', '/clock', { advance: '1h', by: 2 }),
      400,
      'bad_request',
    );
    expect(unknown.message).toBe('Unknown property "by": this call takes advance, offsetSeconds.');
    expectApiError(
      await send(server.origin, {
        method: 'POST',
        path: '/_emulator/clock',
        headers: { 'Content-Type': 'application/json' },
        body: '{',
      }),
      400,
      'invalid_json',
    );
    expectApiError(
      await controlCall(server.origin, 'PUT', '/clock', { advance: '1h' }),
      405,
      'method_not_allowed',
    );
  });

  it('sets the offset with {"offsetSeconds": n}, 0 being real time; reset puts it back to 0', async () => {
    const set = async (body: object) => {
      const res = await controlCall(server.origin, 'POST', '/clock', body);
      expect(res.status, res.text).toBe(200);
      return JSON.parse(res.text) as { now: string; offsetSeconds: number };
    };
    expect(await set({ offsetSeconds: 3600 })).toEqual({
      now: new Date(server.clock.now() + 3_600_000).toISOString(),
      offsetSeconds: 3600,
    });
    expect((await set({ advance: '1h' })).offsetSeconds).toBe(7200);
    expect((await set({ offsetSeconds: -90 })).offsetSeconds).toBe(-90);
    expect(await set({ offsetSeconds: 0 })).toEqual({
      now: new Date(server.clock.now()).toISOString(),
      offsetSeconds: 0,
    });
    expect(controlLines().at(-1)).toMatchObject({ action: 'clock', offsetSeconds: 0 });
    await set({ advance: '2d' });
    const reset = await controlCall(server.origin, 'POST', '/reset');
    expect(JSON.parse(reset.text)).toMatchObject({ reset: expect.arrayContaining(['clock']) as unknown });
    const clock = JSON.parse((await controlCall(server.origin, 'GET', '/clock')).text) as {
      offsetSeconds: number;
    };
    expect(clock.offsetSeconds).toBe(0);
    for (const body of [
      { offsetSeconds: '1h' },
      { offsetSeconds: 366 * 86_400 + 1 },
      { offsetSeconds: null },
      { advance: '1h', offsetSeconds: 0 },
    ]) {
      const error = expectApiError(
        await controlCall(server.origin, 'POST', '/clock', body),
        400,
        'bad_request',
      );
      expect(error.message, JSON.stringify(body)).toMatch(/^(offsetSeconds must be|Give either)/);
    }
  });

  it('rolls rate-limit windows and lockouts as if the time had passed', async () => {
    const token = await login(server.api, DEMO.jdoe);
    await controlCall(server.origin, 'POST', '/reset');
    for (let i = 0; i < 5; i++) expect((await getUser(token)).status).toBe(200);
    expectApiError(await getUser(token), 429, 'rate_limited');
    await controlCall(server.origin, 'POST', '/clock', { advance: '60s' });
    expect((await getUser(token)).status).toBe(200);

    for (let i = 0; i < 2; i++) expect((await passwordLogin(DEMO.asmith, 'wrong')).status).toBe(401);
    expectApiError(await passwordLogin(DEMO.asmith, DEMO.password), 403, 'account_locked');
    await controlCall(server.origin, 'POST', '/clock', { advance: '15m' });
    expect((await passwordLogin(DEMO.asmith, DEMO.password)).status).toBe(200);
  });
});

describe('POST /_emulator/reset', () => {
  it('clears rate-limit counters, lockouts and SSO sessions', async () => {
    const token = await login(server.api, DEMO.jdoe);
    for (let i = 0; i < 6; i++) await getUser(token);
    expectApiError(await getUser(token), 429, 'rate_limited');
    for (let i = 0; i < 2; i++) await passwordLogin(DEMO.asmith, 'wrong');
    expectApiError(await passwordLogin(DEMO.asmith, DEMO.password), 403, 'account_locked');
    server.app.db
      .prepare('INSERT INTO sso_sessions (id_hash, user_uid, created_at, expires_at) VALUES (?, ?, ?, ?)')
      .run('a-session', 'a-user', 0, Number.MAX_SAFE_INTEGER);

    const res = await controlCall(server.origin, 'POST', '/reset');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({
      reset: ['rateLimits', 'lockouts', 'ssoSessions', 'clock'],
      realm: false,
    });
    expect((await getUser(token)).status).toBe(200);
    expect((await passwordLogin(DEMO.asmith, DEMO.password)).status).toBe(200);
    expect(server.app.db.prepare('SELECT count(*) AS n FROM sso_sessions').get()).toEqual({ n: 0 });
    expect(controlLines().at(-1)).toMatchObject({ action: 'reset', realm: false });
  });

  it('with {"realm": true} puts the database back to the realm file', async () => {
    const admin = await loginAdmin(server.api);
    const created = await send(server.origin, {
      method: 'POST',
      path: '/TDWebApi/api/people',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}` },
      body: JSON.stringify({
        UserName: 'extra@example.edu',
        FirstName: 'Ex',
        LastName: 'Tra',
        PrimaryEmail: 'extra@example.edu',
        TypeID: 1,
      }),
    });
    expect(created.status, created.text).toBeLessThan(300);
    await controlCall(server.origin, 'PATCH', `/users/${DEMO.jdoe}`, { active: false });
    const rotated = await controlCall(
      server.origin,
      'POST',
      `/admin-accounts/${DEMO.exampleBeid}/rotate-key`,
    );
    expect(rotated.status).toBe(200);

    const res = await controlCall(server.origin, 'POST', '/reset', { realm: true });
    expect(res.status).toBe(200);
    const names = server.app.db
      .prepare("SELECT json_extract(record, '$.UserName') AS n FROM users ORDER BY n")
      .pluck()
      .all();
    expect(names).not.toContain('extra@example.edu');
    expect(names).toContain(DEMO.jdoe);
    expect((await passwordLogin(DEMO.jdoe, DEMO.password)).status).toBe(200);
    expect((await adminLogin(DEMO.exampleKey)).status).toBe(200);
  });

  it('with {"realm": true} hashes no password again: the hashes of an unchanged realm are kept', async () => {
    const hashes = () => ({
      users: server.app.db
        .prepare('SELECT username_key, password_hash FROM users WHERE password_hash IS NOT NULL ORDER BY 1')
        .all(),
      identities: server.app.db
        .prepare('SELECT name_key, password_hash FROM idp_identities ORDER BY 1')
        .all(),
    });
    await controlCall(server.origin, 'POST', '/reset', { realm: true });
    const before = hashes();
    expect(before.users.length).toBeGreaterThan(1);
    expect(before.identities.length).toBeGreaterThan(1);
    await controlCall(server.origin, 'POST', '/reset', { realm: true });
    expect(hashes()).toEqual(before);
    expect((await passwordLogin(DEMO.jdoe, DEMO.password)).status).toBe(200);
  });

  it('refuses anything but a boolean realm', async () => {
    expectApiError(await controlCall(server.origin, 'POST', '/reset', { realm: 'yes' }), 400, 'bad_request');
    expectApiError(
      await controlCall(server.origin, 'POST', '/reset', { everything: true }),
      400,
      'bad_request',
    );
  });
});

describe('POST /_emulator/faults', () => {
  const addFault = (fault: object) => controlCall(server.origin, 'POST', '/faults', fault);

  it('answers the next calls with the real 429 (Retry-After, X-RateLimit-*), then service resumes', async () => {
    const token = await login(server.api, DEMO.jdoe);
    const added = await addFault({
      method: 'GET',
      path: '/api/auth/getuser',
      status: 429,
      times: 3,
      retryAfter: 7,
    });
    expect(added.status).toBe(201);
    const { now } = JSON.parse((await controlCall(server.origin, 'GET', '/clock')).text) as { now: string };
    for (const base of ['/TDWebApi', '/SBTDWebApi', '/tdwebapi']) {
      const res = await getUser(token, base);
      const body = expectApiError(res, 429, 'rate_limited');
      expect(body.message).toBe(
        'Too many calls to this method: 5 are allowed per 60 seconds for each caller address. Try again in 7 seconds.',
      );
      expect(res.headers['retry-after']).toBe('7');
      expect(res.headers['x-ratelimit-limit']).toBe('5');
      expect(res.headers['x-ratelimit-remaining']).toBe('0');
      expect(res.headers['x-ratelimit-reset']).toBe(new Date(Date.parse(now) + 7_000).toUTCString());
    }
    const resumed = await getUser(token);
    expect(resumed.status).toBe(200);
    expect(resumed.headers['x-ratelimit-limit']).toBe('5');
    expect(controlLines().at(-1)).toMatchObject({ action: 'fault', status: 429, times: 3, retryAfter: 7 });
  });

  it('holds a 429 given without times until the reset it announced, by the control clock, as the real limit does', async () => {
    const token = await login(server.api, DEMO.jdoe);
    const added = await addFault({ method: 'GET', path: '/api/auth/getuser', status: 429, retryAfter: 30 });
    expect(JSON.parse(added.text)).toMatchObject({ faults: [{ status: 429, times: 1, holds: true }] });
    const first = await getUser(token);
    expectApiError(first, 429, 'rate_limited');
    const reset = String(first.headers['x-ratelimit-reset']);
    expect(Date.parse(reset) - Date.parse(first.headers.date!)).toBe(30_000);
    expect(first.headers['retry-after']).toBe('30');
    // A client that ignores the back-off and retries at once, then a little later: still refused, the same reset.
    for (const [advance, retryAfter] of [
      [0, '30'],
      [1, '29'],
      [28, '1'],
    ] as const) {
      await controlCall(server.origin, 'POST', '/clock', { advance });
      const held = await getUser(token);
      expectApiError(held, 429, 'rate_limited');
      expect(held.headers['x-ratelimit-remaining']).toBe('0');
      expect(held.headers['x-ratelimit-limit']).toBe('5');
      expect(held.headers['x-ratelimit-reset']).toBe(reset);
      expect(held.headers['retry-after']).toBe(retryAfter);
    }
    // Another method of the same caller is not held.
    expect((await passwordLogin(DEMO.jdoe, DEMO.password)).status).toBe(200);
    expect(JSON.parse((await controlCall(server.origin, 'GET', '/faults')).text)).toEqual({ faults: [] });
    // Past the reset: a new window, its whole allowance and a reset of its own.
    await controlCall(server.origin, 'POST', '/clock', { advance: 2 });
    const resumed = await getUser(token);
    expect(resumed.status).toBe(200);
    expect(resumed.headers['x-ratelimit-remaining']).toBe('4');
    expect(Date.parse(String(resumed.headers['x-ratelimit-reset'])) - Date.parse(resumed.headers.date!)).toBe(
      60_000,
    );
    const journal = JSON.parse((await controlCall(server.origin, 'GET', '/requests')).text) as {
      requests: { path: string; status: number; answeredBy: string }[];
    };
    expect(
      journal.requests
        .filter((entry) => entry.path === '/api/auth/getuser')
        .slice(-5)
        .map((entry) => `${entry.status} ${entry.answeredBy}`),
    ).toEqual(['429 fault', '429 fault', '429 fault', '429 fault', '200 emulator']);
  });

  it('holds without Retry-After when told to omit it, and ends the hold when the faults are cleared or reset', async () => {
    const token = await login(server.api, DEMO.jdoe);
    await addFault({ method: 'GET', path: '/api/auth/getuser', status: 429, omitRetryAfter: true });
    for (let i = 0; i < 2; i++) {
      const held = await getUser(token);
      expectApiError(held, 429, 'rate_limited');
      expect(held.headers).not.toHaveProperty('retry-after');
      expect(Date.parse(String(held.headers['x-ratelimit-reset'])) - Date.parse(held.headers.date!)).toBe(
        60_000,
      );
    }
    await controlCall(server.origin, 'DELETE', '/faults');
    expect((await getUser(token)).status).toBe(200);
    await addFault({ method: 'GET', path: '/api/auth/getuser', status: 429 });
    expectApiError(await getUser(token), 429, 'rate_limited');
    await controlCall(server.origin, 'POST', '/reset');
    expect((await getUser(token)).status).toBe(200);
  });

  it('fires a 429 with "times" on that many calls only, as before: "times": 1 is a single 429', async () => {
    const token = await login(server.api, DEMO.jdoe);
    const added = await addFault({
      method: 'GET',
      path: '/api/auth/getuser',
      status: 429,
      retryAfter: 30,
      times: 1,
    });
    expect(JSON.parse(added.text)).toMatchObject({ faults: [{ times: 1, holds: false }] });
    expectApiError(await getUser(token), 429, 'rate_limited');
    expect((await getUser(token)).status).toBe(200);
  });

  it('has the same shape as a real 429', async () => {
    const token = await login(server.api, DEMO.jdoe);
    await controlCall(server.origin, 'POST', '/reset');
    for (let i = 0; i < 5; i++) await getUser(token);
    const real = await getUser(token);
    await controlCall(server.origin, 'POST', '/reset');
    await addFault({
      method: 'GET',
      path: '/api/auth/getuser',
      status: 429,
    });
    const scripted = await getUser(token);
    expect(Object.keys(scripted.headers).sort()).toEqual(Object.keys(real.headers).sort());
    expect(JSON.parse(scripted.text)).toEqual(JSON.parse(real.text));
  });

  it('scripts a 401 as an expired token, a 500 and a 503, each once by default', async () => {
    const token = await login(server.api, DEMO.jdoe);
    for (const fault of [
      { path: '/api/auth/getuser', status: 401 },
      { path: '/API/Auth/GetUser', status: 500 },
      { path: '/api/auth/getuser', status: 503, retryAfter: 30 },
    ]) {
      await addFault({ method: 'GET', ...fault });
    }
    const expired = await getUser(token);
    expect(expectApiError(expired, 401, 'invalid_token').message).toBe('The token has expired.');
    expect(expired.headers['www-authenticate']).toBe('Bearer realm="TDWebApi", error="invalid_token"');
    expectApiError(await getUser(token), 500, 'internal_error');
    const unavailable = await getUser(token);
    expectApiError(unavailable, 503, 'service_unavailable');
    expect(unavailable.headers['retry-after']).toBe('30');
    expect((await getUser(token)).status).toBe(200);
  });

  it('delays a call by delayMs, then answers it', async () => {
    await addFault({ method: 'POST', path: '/api/auth', delayMs: 40 });
    const started = performance.now();
    expect((await passwordLogin(DEMO.jdoe, DEMO.password)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
  });

  it('matches method and path only, lists what waits, and DELETE clears', async () => {
    const token = await login(server.api, DEMO.jdoe);
    await addFault({
      method: 'POST',
      path: '/api/auth/login',
      status: 500,
      times: 2,
    });
    expect((await getUser(token)).status).toBe(200);
    expect((await passwordLogin(DEMO.jdoe, DEMO.password)).status).toBe(200);
    const pending = JSON.parse((await controlCall(server.origin, 'GET', '/faults')).text) as {
      faults: unknown[];
    };
    expect(pending.faults).toEqual([
      {
        method: 'POST',
        path: '/api/auth/login',
        status: 500,
        times: 2,
        holds: false,
        retryAfter: null,
        omitRetryAfter: false,
        delayMs: 0,
      },
    ]);
    await addFault({
      method: 'GET',
      path: '/api/auth/getuser',
      status: 500,
    });
    const cleared = await controlCall(server.origin, 'DELETE', '/faults');
    expect(JSON.parse(cleared.text)).toEqual({ faults: [], cleared: 2 });
    expect((await getUser(token)).status).toBe(200);
  });

  it('leaves Retry-After out of a 429 with omitRetryAfter: only the X-RateLimit headers say when', async () => {
    const token = await login(server.api, DEMO.jdoe);
    expect(
      (
        await addFault({
          method: 'GET',
          path: '/api/auth/getuser',
          status: 429,
          retryAfter: 7,
          omitRetryAfter: true,
        })
      ).status,
    ).toBe(201);
    const res = await getUser(token);
    expectApiError(res, 429, 'rate_limited');
    expect(res.headers).not.toHaveProperty('retry-after');
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    expect(Date.parse(String(res.headers['x-ratelimit-reset'])) - Date.parse(res.headers.date!)).toBe(7_000);
    const refused = expectApiError(
      await addFault({ method: 'GET', path: '/api/auth/getuser', status: 503, omitRetryAfter: true }),
      400,
      'bad_request',
    );
    expect(refused.message).toBe('omitRetryAfter goes with status 429 only.');
  });

  it('fires a template such as /api/people/{uid} on every value of that segment, and only on its route', async () => {
    const admin = await loginAdmin(server.api);
    const person = (uid: string) =>
      send(server.origin, {
        path: `/TDWebApi/api/people/${uid}`,
        headers: { Authorization: `Bearer ${admin}` },
      });
    expect((await addFault({ method: 'GET', path: '/api/people/{uid}', status: 503, times: 2 })).status).toBe(
      201,
    );
    const lookup = await send(server.origin, {
      path: '/TDWebApi/api/people/lookup?searchText=j',
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(lookup.status).toBe(200);
    expectApiError(await person('c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8'), 503, 'service_unavailable');
    expectApiError(await person('not-a-guid'), 503, 'service_unavailable');
    expect((await person('c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8')).status).toBe(200);
  });

  it('fires on any method its route takes: a PATCH of a person answers 503 once', async () => {
    const admin = await loginAdmin(server.api);
    const patch = () =>
      send(server.origin, {
        method: 'PATCH',
        path: '/TDWebApi/api/people/c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8',
        headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
        body: '[]',
      });
    expect(
      (await addFault({ method: 'PATCH', path: '/api/people/{uid}', status: 503, times: 1 })).status,
    ).toBe(201);
    expectApiError(await patch(), 503, 'service_unavailable');
    expect((await patch()).status).not.toBe(503);
  });

  it('refuses, with a 400 that says why, a fault on a path the emulator does not answer: it could never fire', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ method: 'GET', path: '/api/auth/getusr', status: 500 }, /no endpoint of the emulator has this path/],
      [
        { method: 'GET', path: '/api/accounts', status: 500 },
        /an endpoint of the Web API the emulator does not emulate/,
      ],
      [{ method: 'GET', path: '/api/people/userlist', status: 500 }, /does not emulate/],
      [{ method: 'GET', path: '/api/auth/{what}', status: 500 }, /no endpoint of the emulator has this path/],
      [{ method: 'POST', path: '/api/auth/getuser', status: 500 }, /answers GET only/],
      [{ method: 'PUT', path: '/api/auth/getuser', status: 500 }, /answers GET only/],
    ];
    for (const [body, message] of cases) {
      const error = expectApiError(await addFault(body), 400, 'bad_request');
      expect(error.message, JSON.stringify(body)).toMatch(message);
      expect(error.message).toMatch(
        /could never fire\. The emulator answers POST \/api\/auth, .*GET \/api\/people\/\{uid\}/,
      );
    }
    expect(JSON.parse((await controlCall(server.origin, 'GET', '/faults')).text)).toEqual({ faults: [] });
  });

  it('refuses a malformed fault with a 400 that names the property', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ path: '/api/auth/getuser', status: 429 }, /^method must be/],
      [
        { method: 'get', path: '/api/auth/getuser', status: 429 },
        /^method must be one of "GET", "POST", "PUT"/,
      ],
      [{ method: 'GET', status: 429 }, /^path must be/],
      [{ method: 'GET', path: 'api/auth/getuser', status: 429 }, /^path must be/],
      [
        { method: 'GET', path: '/api/auth/getuser', status: 418 },
        /^status must be one of 401, 429, 500, 503/,
      ],
      [{ method: 'GET', path: '/api/auth/getuser' }, /needs a status, a delayMs, or both/],
      [{ method: 'GET', path: '/api/auth/getuser', status: 429, times: 0 }, /^times must be a whole number/],
      [
        { method: 'GET', path: '/api/auth/getuser', status: 429, times: 1.5 },
        /^times must be a whole number/,
      ],
      [{ method: 'GET', path: '/api/auth/getuser', status: 500, retryAfter: 3 }, /^retryAfter goes with/],
      [{ method: 'GET', path: '/api/auth/getuser', delayMs: -1 }, /^delayMs must be a whole number/],
      [
        { method: 'GET', path: '/api/auth/getuser', status: 429, colour: 'red' },
        /^Unknown property "colour"/,
      ],
    ];
    for (const [body, message] of cases) {
      const error = expectApiError(await addFault(body), 400, 'bad_request');
      expect(error.message, JSON.stringify(body)).toMatch(message);
    }
    expect(JSON.parse((await controlCall(server.origin, 'GET', '/faults')).text)).toEqual({ faults: [] });
  });
});

describe('PATCH /_emulator/users/{UserName}', () => {
  it('makes a user inactive (sign-in 403, its token 401) and active again', async () => {
    const token = await login(server.api, DEMO.jdoe);
    const res = await controlCall(server.origin, 'PATCH', '/users/JDoe@Example.edu', { active: false });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ UserName: DEMO.jdoe, active: false });
    expectApiError(await getUser(token), 401, 'invalid_token');
    expectApiError(await passwordLogin(DEMO.jdoe, DEMO.password), 403, 'account_inactive');
    expect(controlLines().at(-1)).toMatchObject({ action: 'user', UserName: DEMO.jdoe, active: false });
    await controlCall(server.origin, 'PATCH', `/users/${DEMO.jdoe}`, { active: true });
    const fresh = await login(server.api, DEMO.jdoe);
    const user = JSON.parse((await getUser(fresh)).text) as { IsActive: boolean };
    expect(user.IsActive).toBe(true);
  });

  it('makes the admin service account inactive: loginadmin refused', async () => {
    await controlCall(server.origin, 'PATCH', '/users/api-admin@example.edu', { active: false });
    expectApiError(await adminLogin(DEMO.exampleKey), 403, 'account_inactive');
  });

  it('answers 404 for an unknown user and 400 without a boolean active', async () => {
    expectApiError(
      await controlCall(server.origin, 'PATCH', '/users/nobody@example.edu', { active: false }),
      404,
      'not_found',
    );
    expectApiError(
      await controlCall(server.origin, 'PATCH', `/users/${DEMO.jdoe}`, { active: 'no' }),
      400,
      'bad_request',
    );
    expectApiError(await controlCall(server.origin, 'PATCH', `/users/${DEMO.jdoe}`, {}), 400, 'bad_request');
  });
});

describe('POST /_emulator/admin-accounts/{BEID}/rotate-key', () => {
  it('answers a new key: the old one refused, the new one accepted, neither logged', async () => {
    const res = await controlCall(
      server.origin,
      'POST',
      `/admin-accounts/${DEMO.exampleBeid.toUpperCase()}/rotate-key`,
    );
    expect(res.status).toBe(200);
    const { BEID, WebServicesKey } = JSON.parse(res.text) as { BEID: string; WebServicesKey: string };
    expect(BEID).toBe(DEMO.exampleBeid);
    expect(WebServicesKey).toMatch(/^[0-9a-f-]{36}$/);
    expectApiError(await adminLogin(DEMO.exampleKey), 401, 'invalid_credentials');
    expect((await adminLogin(WebServicesKey)).status).toBe(200);
    expect(controlLines().at(-1)).toMatchObject({ action: 'rotate-key', BEID: DEMO.exampleBeid });
    for (const line of server.lines) expect(line).not.toContain(WebServicesKey);
  });

  it('answers 400 for a BEID that is not a GUID and 404 for an unknown one', async () => {
    expectApiError(
      await controlCall(server.origin, 'POST', '/admin-accounts/acme/rotate-key'),
      400,
      'bad_request',
    );
    expectApiError(
      await controlCall(
        server.origin,
        'POST',
        '/admin-accounts/00000000-0000-4000-8000-000000000000/rotate-key',
      ),
      404,
      'not_found',
    );
  });
});
