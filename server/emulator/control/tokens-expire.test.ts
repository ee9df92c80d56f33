import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../store/db.ts';
import { MAX_RETIRED_KEYS, loadSigningKeys, retireSigningKey } from '../../store/signing-keys.ts';
import { expectApiError } from '../../testing/api-error.ts';
import { controlCall } from '../../testing/control-client.ts';
import { decodeJwt } from '../../testing/jwt.ts';
import { send } from '../../testing/http-client.ts';
import { DEMO, login, loginAdmin, startTestServer } from '../../testing/start-server.ts';

const getUser = (origin: string, token: string) =>
  send(origin, { path: '/TDWebApi/api/auth/getuser', headers: { Authorization: `Bearer ${token}` } });

/** What a client sees of a refusal: status, body and challenge. */
const refusal = (res: { status: number; text: string; headers: Record<string, unknown> }) => ({
  status: res.status,
  body: res.text,
  challenge: res.headers['www-authenticate'],
});

describe('POST /_emulator/tokens/expire', () => {
  it('makes every token issued so far answer as an expired one; later tokens are normal, also after a restart', async () => {
    const server = await startTestServer({ config: { emulatorControl: { token: null } } });
    let again: Awaited<ReturnType<typeof startTestServer>> | undefined;
    try {
      // What a token past its exp gets, for comparison: by the clock, which is then put back.
      const old = await login(server.api, DEMO.asmith);
      await controlCall(server.origin, 'POST', '/clock', { advance: '24h' });
      const byTime = refusal(await getUser(server.origin, old));
      expect(byTime.status).toBe(401);
      await controlCall(server.origin, 'POST', '/clock', { offsetSeconds: 0 });

      const used = await login(server.api, DEMO.jdoe);
      expect((await getUser(server.origin, used)).status).toBe(200);
      const unused = await loginAdmin(server.api);
      const res = await controlCall(server.origin, 'POST', '/tokens/expire');
      expect(res.status).toBe(200);
      expect(JSON.parse(res.text)).toEqual({
        expired: 'every token issued until now',
        now: new Date(server.clock.now()).toISOString(),
      });
      for (const token of [used, unused, old])
        expect(refusal(await getUser(server.origin, token))).toEqual(byTime);

      const fresh = await login(server.api, DEMO.jdoe);
      expect(decodeJwt(fresh).claims.nbf).toBe(Math.floor(server.clock.now() / 1000));
      expect((await getUser(server.origin, fresh)).status).toBe(200);
      expect(server.logs).toContain('control');

      await server.stop();
      again = await startTestServer({
        dataDir: server.dataDir,
        config: { emulatorControl: { token: null } },
      });
      expect((await getUser(again.origin, fresh)).status).toBe(200);
      expect(refusal(await getUser(again.origin, used))).toEqual(byTime);
    } finally {
      await (again ?? server).stop(true);
    }
  });

  it('refuses a body: it takes none', async () => {
    const server = await startTestServer({ config: { emulatorControl: { token: null } } });
    try {
      const token = await login(server.api, DEMO.jdoe);
      expectApiError(
        await controlCall(server.origin, 'POST', '/tokens/expire', { all: true }),
        400,
        'bad_request',
      );
      expect((await getUser(server.origin, token)).status).toBe(200);
    } finally {
      await server.stop(true);
    }
  });
});

describe('retired signing keys', () => {
  it('are kept newest first, at most MAX_RETIRED_KEYS of them, across reopening the database', () => {
    const dir = mkdtempSync(join(tmpdir(), 'signing-keys-'));
    try {
      const db = openDb(dir);
      const first = loadSigningKeys(db);
      expect(first.retired).toEqual([]);
      let keys = retireSigningKey(db);
      expect(keys.retired).toEqual([first.current]);
      for (let i = 0; i < MAX_RETIRED_KEYS + 5; i++) keys = retireSigningKey(db);
      expect(keys.retired).toHaveLength(MAX_RETIRED_KEYS);
      db.close();
      const reopened = openDb(dir);
      expect(loadSigningKeys(reopened)).toEqual(keys);
      reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
