import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../testing/api-error.ts';
import { getUser, getWithAuth } from '../testing/requests.ts';
import { recordingsWhen } from '../testing/recordings-dir.ts';
import { SANDBOX_TOKEN, startStandInTenant, type StandInTenant } from '../testing/stand-in-tenant.ts';
import { DEMO, login, startTestServer, type TestServer } from '../testing/start-server.ts';

/** A person of the sandbox the realm does not hold. */
const RECORDED_UID = '7c0d9b1e-5a2f-4c3d-8e9f-0a1b2c3d4e5f';

function writeRecording(dir: string, name: string, path: string, query: [string, string][], json: unknown) {
  const recording = {
    recording: 2,
    request: { method: 'GET', path, query },
    answer: { status: 200, contentType: 'application/json; charset=utf-8', rateLimit: {}, body: { json } },
  };
  writeFileSync(join(dir, name), JSON.stringify(recording));
}

/** Recordings of People operations the emulator answers itself, and of a ticket, which it does not. */
function shadowedDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'replay-shadowed-'));
  writeRecording(dir, 'person.json', `/api/people/${RECORDED_UID}`, [], {
    UID: RECORDED_UID,
    FullName: 'Sam Sandbox',
  });
  writeRecording(dir, 'lookup.json', '/api/people/lookup', [['searchText', 'sam']], [{ UID: RECORDED_UID }]);
  writeRecording(dir, 'ticket.json', '/api/30/tickets/12', [], { ID: 12 });
  return dir;
}

describe('recordings of operations the emulator answers itself (REPLAY_DIR)', () => {
  it('are named at start, and never replayed: the emulator answers', async () => {
    const server = await startTestServer({ config: { replayDir: shadowedDir(), rateLimit: 100 } });
    try {
      expect(server.app.replay).toMatchObject({
        loaded: 3,
        overrides: false,
        shadowed: ['GET /api/people/lookup (1 recording)', 'GET /api/people/{id} (1 recording)'],
      });
      const bearer = `Bearer ${await login(server.api, DEMO.jdoe)}`;
      expectApiError(await getWithAuth(`${server.api}/people/${RECORDED_UID}`, bearer), 404, 'not_found');
      expect((await getWithAuth(`${server.api}/30/tickets/12`, bearer)).headers['x-emulator-replayed']).toBe(
        '1',
      );
    } finally {
      await server.stop(true);
    }
  });

  it('with REPLAY_OVERRIDES, answer the calls they match first; the emulator answers the rest as ever', async () => {
    const server = await startTestServer({
      config: { replayDir: shadowedDir(), replayOverrides: true, rateLimit: 100 },
    });
    try {
      expect(server.app.replay?.overrides).toBe(true);
      const token = await login(server.api, DEMO.jdoe);
      const bearer = `Bearer ${token}`;
      const person = await getWithAuth(`${server.api}/people/${RECORDED_UID.toUpperCase()}`, bearer);
      expect(person.status).toBe(200);
      expect(person.headers['x-emulator-replayed']).toBe('1');
      expect(JSON.parse(person.text)).toEqual({ UID: RECORDED_UID, FullName: 'Sam Sandbox' });
      const lookup = await getWithAuth(`${server.api}/people/lookup?SearchText=sam`, bearer);
      expect(lookup.headers['x-emulator-replayed']).toBe('1');
      // Not recorded: the emulator's own answers, from the realm.
      const own = (JSON.parse((await getUser(server.api, token)).text) as { UID: string }).UID;
      const realmPerson = await getWithAuth(`${server.api}/people/${own}`, bearer);
      expect(realmPerson.status).toBe(200);
      expect(realmPerson.headers['x-emulator-replayed']).toBeUndefined();
      const realmLookup = await getWithAuth(`${server.api}/people/lookup?searchText=jdoe`, bearer);
      expect(realmLookup.status).toBe(200);
      expect(realmLookup.headers['x-emulator-replayed']).toBeUndefined();
      // A replayed call still needs the emulator's own token.
      expectApiError(await getWithAuth(`${server.api}/people/${RECORDED_UID}`), 401, 'invalid_token');
      const listed = await getWithAuth(`${server.origin}/TDWebApi/recorded-operations`, bearer);
      const { operations } = JSON.parse(listed.text) as { operations: { method: string; path: string }[] };
      expect(operations).toContainEqual({ method: 'GET', path: '/api/people/{uid}' });
    } finally {
      await server.stop(true);
    }
  });
});

describe('REPLAY_MISSES: a call no recording answers, while a suite is being written', () => {
  let tenant: StandInTenant;
  let server: TestServer;
  let dir: string;
  let bearer: string;

  beforeAll(async () => {
    tenant = await startStandInTenant();
    dir = mkdtempSync(join(tmpdir(), 'replay-misses-'));
    server = await startTestServer({
      config: {
        replayDir: dir,
        recordDir: dir,
        relayTenants: [{ name: 'sandbox', upstream: tenant.base }],
        replayMisses: { tenant: 'sandbox', token: SANDBOX_TOKEN },
        rateLimit: 100,
      },
    });
    bearer = `Bearer ${await login(server.api, DEMO.jdoe)}`;
  });
  afterAll(async () => {
    await server.stop(true);
    await tenant.stop();
  });

  it('is relayed to the sandbox with its token, recorded into REPLAY_DIR, and replayed from then on', async () => {
    const first = await getWithAuth(`${server.api}/30/tickets/31?Expand=true`, bearer);
    expect(first.status).toBe(200);
    expect(first.headers['x-emulator-relayed']).toBe('1');
    expect(first.headers['x-emulator-replayed']).toBeUndefined();
    expect(JSON.parse(first.text)).toMatchObject({
      ID: 31,
      Title: 'Ticket 31',
      ServiceAccessToken: 'svc-secret-value-0042',
    });
    const files = await recordingsWhen(dir, (found) => Object.keys(found).length === 1);
    const [text] = Object.values(files);
    expect(text).not.toContain(SANDBOX_TOKEN);
    expect(text).not.toContain('svc-secret-value-0042');
    const calls = tenant.calls;
    const again = await getWithAuth(`${server.api}/30/tickets/31?expand=true`, bearer);
    expect(again.status).toBe(200);
    expect(again.headers['x-emulator-replayed']).toBe('1');
    expect(JSON.parse(again.text)).toMatchObject({ ID: 31, ServiceAccessToken: '<redacted>' });
    expect(tenant.calls).toBe(calls);
  });

  it('still needs the emulator’s own token: a call without one reaches nothing', async () => {
    const calls = tenant.calls;
    expectApiError(await getWithAuth(`${server.api}/30/tickets/32`), 401, 'invalid_token');
    expect(tenant.calls).toBe(calls);
  });
});
