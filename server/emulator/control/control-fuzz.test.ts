import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlCall } from '../../testing/control-client.ts';
import {
  METHODS,
  body as anyBody,
  headerValue,
  headers as anyHeaders,
  pathUnder,
  segment,
} from '../../testing/generated-requests.ts';
import { send, sendRaw } from '../../testing/http-client.ts';
import { DEMO, login, loginAdmin, startTestServer, type TestServer } from '../../testing/start-server.ts';
import type { Fault } from './faults.ts';
import { isControlPath } from './paths.ts';

/**
 * Generated calls of the test-control API, with and without its token: no answer is a 5xx, the server never
 * stops, and a fault a call scripted answers the API call it names (the one place a 5xx may come from) and no
 * later case. Bounded by run count; each run is a few requests to a real server.
 */
const RUNS = 300;
const RAW_RUNS = 100;
const TOKEN = 'control-token-for-the-fuzz-0123456789';

/** Mostly right, now and then off: a generated call reaches the handlers' own checks as well as the router's. */
const mostly = <T, U>(right: fc.Arbitrary<T>, off: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 6, arbitrary: right }, { weight: 1, arbitrary: off });

/** Property names in any letter case, as the API's own bodies take them. */
const anyCase = (value: Record<string, unknown>) =>
  fc
    .boolean()
    .map((upper) =>
      JSON.stringify(
        upper ? Object.fromEntries(Object.entries(value).map(([key, v]) => [key.toUpperCase(), v])) : value,
      ),
    );

/** Every property of a fault, each mostly valid or off in its own way, some left out. */
const faultBody = fc
  .record(
    {
      method: mostly(fc.constantFrom('GET', 'POST'), fc.constantFrom('get', 'PUT', 1, null)),
      path: mostly(
        fc.constantFrom(
          '/api/auth/getuser',
          '/api/auth',
          '/api/auth/login',
          '/API/Auth/GetUser/',
          '/api/people/lookup',
        ),
        fc.constantFrom(
          '/api/no/such/route',
          '/api/%00',
          'api/auth',
          '/api/auth?x',
          `/api/${'a'.repeat(201)}`,
          '',
        ),
      ),
      status: mostly(fc.constantFrom(401, 429, 500, 503, null), fc.constantFrom(200, 502, '500')),
      times: mostly(fc.constantFrom(1, 2, 10_000), fc.constantFrom(0, -1, 10_001, 1.5, '1')),
      // Null or off most of the time: a Retry-After goes with a 429 or 503 only.
      retryAfter: fc.constantFrom(null, 30, 86_400, 0, 86_401, 'soon'),
      // Valid delays are short: the case's own probe waits them out.
      delayMs: mostly(fc.constantFrom(0, 1, 5), fc.constantFrom(-1, 120_001, 2.5, '5')),
    },
    { requiredKeys: ['method', 'path', 'status'] },
  )
  .chain(anyCase);

const clockBody = fc
  .record(
    {
      advance: mostly(
        fc.constantFrom('90s', '15m', '24h', '2d', '366d', 0, 30, 31_622_400),
        fc.oneof(fc.constantFrom('367d', '-1s', '1y', '', ' 5m ', '9999999999s', true), fc.double()),
      ),
    },
    { requiredKeys: [] },
  )
  .chain(anyCase);

const resetBody = fc
  .record({ realm: mostly(fc.boolean(), fc.constantFrom('true', 1, null)) }, { requiredKeys: [] })
  .chain(anyCase);

const userBody = fc
  .record({ active: mostly(fc.boolean(), fc.constantFrom('false', 0, null)) }, { requiredKeys: [] })
  .chain(anyCase);

/** Bodies built to hurt: over the size limit, deeply nested, prototype keys, duplicate keys, not objects. */
const hostileBody = fc.constantFrom(
  JSON.stringify({ advance: 'x'.repeat(64 * 1024) }),
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"__proto__":{"status":500},"method":"GET","path":"/api/auth/getuser"}',
  '{"constructor":{"prototype":{"advance":"1s"}}}',
  '{"advance":"1s","ADVANCE":"366d"}',
  '[]',
  'null',
  '"24h"',
  '1e999',
  '{"advance":',
  '\uFEFF{"advance":"1s"}',
);

/** A body meant for the route, most of the time, or any body at all. */
const bodyFor = (meant: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 4, arbitrary: meant },
    { weight: 1, arbitrary: anyBody },
    { weight: 1, arbitrary: hostileBody },
  );

/** A capture of the route: the right one, or a segment of any kind. */
const capture = (right: string) => mostly(fc.constant(right), segment);

/**
 * Calls of each control route, spelled right or nearly, and calls of anything below `/_emulator`; faults most,
 * as what they script is the one 5xx the server may answer.
 */
const controlRequest = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      method: fc.constant('POST'),
      path: fc.constantFrom('/_emulator/faults', '/_EMULATOR/Faults/'),
      body: bodyFor(faultBody),
    }),
  },
  fc.record({
    method: fc.constant('POST'),
    path: fc.constantFrom('/_emulator/clock', '/_emulator/Clock/'),
    body: bodyFor(clockBody),
  }),
  fc.record({ method: fc.constant('POST'), path: fc.constant('/_emulator/reset'), body: bodyFor(resetBody) }),
  fc.record({
    method: fc.constant('PATCH'),
    path: capture(DEMO.retired.toUpperCase()).map((name) => `/_emulator/users/${name}`),
    body: bodyFor(userBody),
  }),
  fc.record({
    method: fc.constant('POST'),
    path: capture(DEMO.closedBeid).map((beid) => `/_emulator/admin-accounts/${beid}/rotate-key`),
    body: bodyFor(fc.constantFrom('{}', '{"BEID":"x"}')),
  }),
  fc.record({
    method: fc.constantFrom(...METHODS),
    path: fc.oneof(
      fc.constantFrom(
        '/_emulator/clock',
        '/_emulator/faults',
        '/_emulator',
        '/_emulator/',
        '/_emulator//faults',
      ),
      fc.constantFrom('/_emulator/faults/..', '/_emulator/%2e%2e/TDWebApi/api/auth/getuser'),
      pathUnder('/_emulator/'),
    ),
    body: fc.oneof(anyBody, faultBody, clockBody, resetBody, userBody, hostileBody),
  }),
);

/** The bearer as a client might send it: right (in any letter case and spacing), wrong, or not at all. */
const authorization = mostly(
  fc
    .constantFrom(`Bearer ${TOKEN}`, `bearer ${TOKEN}`, `Bearer   ${TOKEN}  `)
    .map((header) => ({ header, valid: true })),
  fc
    .oneof(
      fc.constantFrom(
        undefined,
        'Bearer',
        `Bearer ${TOKEN}x`,
        `Bearer ${TOKEN.slice(1)}`,
        `Bearer ${TOKEN.toUpperCase()}`,
        `Bearer ${TOKEN} ${TOKEN}`,
        `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
        TOKEN,
      ),
      headerValue,
    )
    .map((header) => ({ header, valid: false })),
);

const controlCase = fc
  .record({
    call: controlRequest,
    // The generated headers but the bearer, which this case chooses; JSON declared more often than not.
    headers: fc
      .tuple(anyHeaders, mostly(fc.constant(true), fc.constant(false)))
      .map(([{ Authorization: _, ...headers }, json]) =>
        json ? { ...headers, 'Content-Type': 'application/json' } : headers,
      ),
    chunked: fc.boolean(),
    auth: authorization,
  })
  .map(({ call, ...rest }) => ({ ...call, ...rest }));

/** API calls whose route the fault intercept surely reaches (a method and path of a real route). */
const ROUTED = new Set([
  'GET /api/auth/getuser',
  'POST /api/auth',
  'POST /api/auth/login',
  'GET /api/people/lookup',
]);

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    // Not under test here: a generated call may be refused with 429, never a 5xx.
    config: { emulatorControl: { token: TOKEN }, rateLimit: 1_000_000 },
  });
});
afterAll(() => server.stop(true));

describe('any call of the control API', () => {
  it('no 5xx, wrong tokens refused, and a scripted fault answers only its own call', async () => {
    await fc.assert(
      fc.asyncProperty(controlCase, async ({ auth, ...request }) => {
        const headers =
          auth.header === undefined ? request.headers : { ...request.headers, Authorization: auth.header };
        const res = await send(server.origin, { ...request, headers });
        const said = `${request.method} ${request.path} (${auth.valid ? 'the token' : 'a wrong token or none'}): ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.status, said).toBeLessThan(500);
        // A path that resolves elsewhere (`/_emulator/../x` is `/x`) is not a control call.
        const control = isControlPath(new URL(request.path, server.origin).pathname.toLowerCase());
        // Every Origin generated is another site's: refused before the token is looked at.
        if (control && headers.Origin !== undefined) expect(res.status, said).toBe(403);
        else if (control && !auth.valid) expect(res.status, said).toBe(401);

        // The fault the call scripted, or none; its API call is answered by it, or as ever when it cannot reach it.
        const fault =
          res.status === 201 ? (JSON.parse(res.text) as { faults: Fault[] }).faults.at(-1) : undefined;
        const probe = fault ?? { method: 'GET', path: '/api/auth/getuser', status: null };
        const answer = await send(server.origin, { method: probe.method, path: `/TDWebApi${probe.path}` });
        const heard = `${said}; then ${probe.method} ${probe.path}: ${answer.status} ${answer.text.slice(0, 200)}`;
        if (probe.status !== null && ROUTED.has(`${probe.method} ${probe.path}`)) {
          expect(answer.status, heard).toBe(probe.status);
        } else if (answer.status !== probe.status) {
          expect(answer.status, heard).toBeLessThan(500);
        }

        const cleared = await controlCall(server.origin, 'DELETE', '/faults', undefined, TOKEN);
        expect(cleared.status).toBe(200);
      }),
      { numRuns: RUNS },
    );
  });

  it('raw request targets below /_emulator: NUL, spaces, control bytes and bare bytes, with the token', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 40 }), async (bytes) => {
        const res = await sendRaw(
          server.origin,
          Buffer.concat([
            Buffer.from('GET /_emulator/'),
            Buffer.from(bytes.filter((b) => b !== 0x0a)),
            Buffer.from(
              ` HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${TOKEN}\r\nConnection: close\r\n\r\n`,
            ),
          ]),
        );
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: RAW_RUNS },
    );
  });

  it('left the server whole: healthy, nothing logged as a bug, the API as before once reset', async () => {
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    expect(server.logs.filter((line) => line.startsWith('internal error'))).toEqual([]);
    const pending = await controlCall(server.origin, 'GET', '/faults', undefined, TOKEN);
    expect(JSON.parse(pending.text)).toEqual({ faults: [] });
    expect((await controlCall(server.origin, 'GET', '/clock')).status).toBe(401);
    expect((await controlCall(server.origin, 'POST', '/reset', { realm: true }, TOKEN)).status).toBe(200);
    expect(await login(server.api, DEMO.jdoe)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await loginAdmin(server.api)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });
});
