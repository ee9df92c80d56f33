import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makePrivateCa, type PrivateCa } from '../../testing/private-ca.ts';
import { DEMO, startTestServer, type TestServer } from '../../testing/start-server.ts';
import { teamDynamixTsIntegration } from '../../testing/teamdynamix-ts-client.ts';

const dir = mkdtempSync(join(tmpdir(), 'emulator-tdx-ts-'));
let ca: PrivateCa;
let server: TestServer;
beforeAll(async () => {
  ca = makePrivateCa(dir);
  server = await startTestServer({
    config: {
      emulatorControl: { token: null },
      tls: { kind: 'files', certPath: ca.certPath, keyPath: ca.keyPath },
    },
  });
}, 60_000);
afterAll(async () => {
  await server.stop(true);
  rmSync(dir, { recursive: true, force: true });
});

it('@selfagency/teamdynamix-ts meets every token expired, a held 429 without Retry-After and a day passing', async () => {
  expect(server.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  const result = await teamDynamixTsIntegration(server.origin, ca.caPath, DEMO.jdoe, DEMO.password);
  const jdoe = { ok: true, userName: DEMO.jdoe };
  const refused = { ok: false, status: 401 };
  expect(result.before).toEqual(jdoe);
  // POST /_emulator/tokens/expire: the kept token is refused, a new sign-in works.
  expect(result.expired.kept).toMatchObject(refused);
  expect(result.expired.fresh).toEqual(jdoe);
  // Without Retry-After the package waits its own backoff (10 ms here) and retries once: the 429 holds until its
  // reset, as the real service's does, so a retry that ignores X-RateLimit-Reset is refused again.
  expect(result.rateLimited).toMatchObject({
    outcome: { ok: false, status: 429 },
    waits: [{ delayMs: 10, reason: '429' }],
  });
  // A day later the token kept since is refused, a new sign-in works.
  expect(result.clockMoved.kept).toMatchObject(refused);
  expect(result.clockMoved.fresh).toEqual(jdoe);
  const getuser = server.requests.filter((record) => record.path === '/TDWebApi/api/auth/getuser');
  expect(getuser.map((record) => record.status)).toEqual([200, 401, 200, 429, 429, 401, 200]);
}, 60_000);
