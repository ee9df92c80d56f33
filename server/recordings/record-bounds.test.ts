import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWithAuth } from '../testing/requests.ts';
import { recordingsWhen, whenTrue } from '../testing/recordings-dir.ts';
import { SANDBOX_TOKEN, startStandInTenant, type StandInTenant } from '../testing/stand-in-tenant.ts';
import { startTestServer, type TestServer } from '../testing/start-server.ts';
import { parseRecording } from './recording-file.ts';

const bearer = `Bearer ${SANDBOX_TOKEN}`;
const named = (files: Record<string, string>, prefix: string) =>
  Object.keys(files).filter((name) => name.startsWith(prefix));

let tenant: StandInTenant;
beforeAll(async () => {
  tenant = await startStandInTenant();
});
afterAll(() => tenant.stop());

async function recordingServer(dir: string, config: Record<string, unknown> = {}): Promise<TestServer> {
  return startTestServer({
    config: {
      emulator: false,
      relayTenants: [{ name: 'sandbox', upstream: tenant.base }],
      recordDir: dir,
      ...config,
    },
  });
}

/** Waits for one more call's recording, made after the calls before it: those are written or left out by then. */
async function afterAMarker(server: TestServer, dir: string, id: number) {
  await getWithAuth(`${server.origin}/relay/sandbox/api/30/tickets/${id}`, bearer);
  return recordingsWhen(dir, (found) => named(found, `get-api-30-tickets-${id}-`).length === 1);
}

describe('one recorded answer never stops the server (RECORD_DIR)', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = join(mkdtempSync(join(tmpdir(), 'record-bounds-')), 'sandbox');
    server = await recordingServer(dir);
  });
  afterAll(() => server.stop(true));

  it('passes on a deeply nested answer of over 1 MB whole, and records it compactly', async () => {
    // Pretty-printed, 500 levels of indentation make each of its 600,000 numbers a line of 1,000 spaces.
    const deep = `${'['.repeat(500)}${'1,'.repeat(599_999)}1${']'.repeat(500)}`;
    tenant.scripted.set('GET /api/30/reports/1', { status: 200, body: deep });
    const res = await getWithAuth(`${server.origin}/relay/sandbox/api/30/reports/1`, bearer);
    expect(res.status).toBe(200);
    expect(res.text).toBe(deep);
    const files = await recordingsWhen(dir, (found) => named(found, 'get-api-30-reports-1-').length === 1);
    const text = files[named(files, 'get-api-30-reports-1-')[0]!]!;
    expect(text.length).toBeLessThan(deep.length + 1_000);
    const { body } = parseRecording(text).answers[0]!;
    expect('json' in body && JSON.stringify(body.json)).toBe(deep);
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
  });

  it('leaves out an answer whose recording would pass 16 MB, saying what and why; its caller still gets it', async () => {
    // Text of U+0001: each byte is six characters (\u0001) once written as JSON.
    const controls = Buffer.alloc(3 * 1024 * 1024, 1);
    tenant.scripted.set('GET /api/30/reports/2', { status: 200, contentType: 'text/plain', body: controls });
    const res = await getWithAuth(`${server.origin}/relay/sandbox/api/30/reports/2`, bearer);
    expect(res.status).toBe(200);
    expect(res.text.length).toBe(controls.length);
    const files = await afterAMarker(server, dir, 15);
    expect(named(files, 'get-api-30-reports-2-')).toEqual([]);
    expect(server.logs).toContain(
      'record: GET /api/30/reports/2 was not recorded: its recording would be 18.0 MB, more than the 16.0 MB a recording may hold',
    );
  });
});

describe('what a caller can add to the recordings (RECORD_DIR)', () => {
  it('records only what the tenant answered a bearer token it took: nothing for a tokenless or refused call', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'record-bounds-')), 'sandbox');
    const server = await recordingServer(dir);
    try {
      const relay = `${server.origin}/relay/sandbox/api/30/tickets`;
      expect((await getWithAuth(`${relay}/97`)).status).toBe(401);
      expect((await getWithAuth(`${relay}/98`, 'Bearer not-the-sandbox-token')).status).toBe(401);
      const files = await afterAMarker(server, dir, 16);
      expect(Object.keys(files)).toEqual(named(files, 'get-api-30-tickets-16-'));
      expect(server.logs).toContain(
        'record: GET /api/30/tickets/97 was not recorded: its caller presented no bearer token, and only answers to a bearer token are recorded',
      );
      expect(server.logs).toContain(
        'record: GET /api/30/tickets/98 was not recorded: the tenant refused its bearer token (401)',
      );
    } finally {
      await server.stop(true);
    }
  });

  it('holds at most RECORD_MAX_FILES files and RECORD_MAX_MB of them, replacing a file within both', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'record-bounds-')), 'sandbox');
    const server = await recordingServer(dir, { recordMaxFiles: 3, recordMaxBytes: 8 * 1024 });
    try {
      for (const id of [1, 2, 3, 4, 5]) {
        expect(
          (await getWithAuth(`${server.origin}/relay/sandbox/api/30/tickets/${id}`, bearer)).status,
        ).toBe(200);
      }
      const refused = () => server.logs.filter((line) => line.includes('was not recorded')).length;
      await whenTrue(() => readdirSync(dir).length + refused() >= 5, 'five calls written or refused');
      expect(readdirSync(dir).sort()).toEqual([
        expect.stringMatching(/^get-api-30-tickets-1-/),
        expect.stringMatching(/^get-api-30-tickets-2-/),
        expect.stringMatching(/^get-api-30-tickets-3-/),
      ]);
      expect(server.logs).toContain(
        'record: GET /api/30/tickets/4 was not recorded: RECORD_DIR holds 3 recordings, the most it may (RECORD_MAX_FILES)',
      );
      // A file already there may be written again, within the bytes: not with an answer that takes it past them.
      tenant.scripted.set('GET /api/30/tickets/2', {
        status: 200,
        body: { json: { Title: 'x'.repeat(9_000) } },
      });
      await getWithAuth(`${server.origin}/relay/sandbox/api/30/tickets/2`, bearer);
      tenant.scripted.delete('GET /api/30/tickets/2');
      await whenTrue(() => refused() === 3, 'the refusal of a file past RECORD_MAX_MB');
      expect(
        server.logs.some((line) =>
          /^record: GET \/api\/30\/tickets\/2 was not recorded: RECORD_DIR holds [\d.]+ MB, and this one would take it past RECORD_MAX_MB$/.test(
            line,
          ),
        ),
      ).toBe(true);
      const sizes = readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
      expect(sizes).toBeLessThanOrEqual(8 * 1024);
      tenant.scripted.set('GET /api/30/tickets/1', {
        status: 200,
        body: { json: { ID: 1, Title: 'Rewritten' } },
      });
      await getWithAuth(`${server.origin}/relay/sandbox/api/30/tickets/1`, bearer);
      const files = await recordingsWhen(dir, (found) =>
        Object.values(found).some((text) => text.includes('"Rewritten"')),
      );
      expect(Object.keys(files)).toHaveLength(3);
    } finally {
      tenant.scripted.delete('GET /api/30/tickets/1');
      await server.stop(true);
    }
  });
});
