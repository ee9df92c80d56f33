import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makePrivateCa, type PrivateCa } from '../../testing/private-ca.ts';
import { DEMO, startTestServer, type TestServer } from '../../testing/start-server.ts';
import { teamDynamixTsThroughExpiry } from '../../testing/teamdynamix-ts-client.ts';

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

it('@selfagency/teamdynamix-ts meets a token expiry: its kept token gets 401 after 24 h, signing in again works', async () => {
  expect(server.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  const result = await teamDynamixTsThroughExpiry(server.origin, ca.caPath, DEMO.jdoe, DEMO.password);
  expect(result.before).toEqual({ ok: true, userName: DEMO.jdoe });
  expect(result.keptAfter).toMatchObject({ ok: false, status: 401 });
  expect(result.freshAfter).toEqual({ ok: true, userName: DEMO.jdoe });
  const getuser = server.requests.filter((record) => record.path === '/TDWebApi/api/auth/getuser');
  expect(getuser.map((record) => record.status)).toEqual([200, 401, 200]);
}, 60_000);
