import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASKED_SECRET } from '../../contract/secret-fields.ts';
import { getWithAuth, post } from '../testing/requests.ts';
import { recordingsWhen } from '../testing/recordings-dir.ts';
import {
  SANDBOX_PASSWORD,
  SANDBOX_SIGNATURE,
  SANDBOX_TOKEN,
  startStandInTenant,
  type StandInTenant,
} from '../testing/stand-in-tenant.ts';
import { startTestServer, type TestServer } from '../testing/start-server.ts';
import { parseRecording } from './recording-file.ts';

let tenant: StandInTenant;
let server: TestServer;
let dir: string;
let relay: string;
const bearer = { Authorization: `Bearer ${SANDBOX_TOKEN}` };

beforeAll(async () => {
  tenant = await startStandInTenant();
  dir = join(mkdtempSync(join(tmpdir(), 'recordings-')), 'sandbox');
  // The emulator off: a connections file (here its tenants) is all recording needs.
  server = await startTestServer({
    config: {
      emulator: false,
      relayTenants: [{ name: 'sandbox', upstream: tenant.base }],
      recordDir: dir,
      recordRedact: ['PrimaryEmail', 'FullName'],
    },
  });
  relay = `${server.origin}/relay/sandbox`;
});
afterAll(async () => {
  await server.stop(true);
  await tenant.stop();
});

const named = (files: Record<string, string>, prefix: string) =>
  Object.keys(files).filter((name) => name.startsWith(prefix));

describe('RECORD_DIR', () => {
  it('writes a call outside the Auth area with its answer, masked, and nothing of the sign-in', async () => {
    const signIn = await post(`${relay}/api/auth/login`, { UserName: 'jdoe', Password: SANDBOX_PASSWORD });
    expect(signIn.text).toBe(SANDBOX_TOKEN);
    const res = await getWithAuth(`${relay}/api/30/tickets/12`, bearer.Authorization);
    expect(res.status).toBe(200);
    const files = await recordingsWhen(dir, (found) => named(found, 'get-api-30-tickets-12-').length === 1);
    expect(Object.keys(files).filter((name) => name.includes('auth'))).toEqual([]);
    const recording = parseRecording(files[named(files, 'get-api-30-tickets-12-')[0]!]!);
    expect(recording.request).toMatchObject({
      method: 'GET',
      path: '/api/30/tickets/12',
      query: [],
      body: null,
    });
    expect(recording.answers[0]).toMatchObject({
      status: 200,
      contentType: 'application/json; charset=utf-8',
      rateLimit: {
        'X-RateLimit-Limit': '60',
        'X-RateLimit-Remaining': '59',
        'X-RateLimit-Reset': 'Mon, 02 Mar 2026 12:01:00 GMT',
      },
    });
    expect(recording.answers[0]!.body).toEqual({
      json: {
        ID: 12,
        Title: tenant.title,
        Requestor: { FullName: MASKED_SECRET, PrimaryEmail: MASKED_SECRET },
        ServiceAccessToken: MASKED_SECRET,
        Notes: `Opened with ${MASKED_SECRET}`,
      },
    });
  });

  it('keeps one file per distinct call: canonical body, path without case, sorted query; the latest answer wins', async () => {
    const search = `${relay}/api/30/tickets/search`;
    expect((await post(search, { SearchText: 'Printer', StatusIDs: [1, 2] }, bearer)).status).toBe(200);
    expect((await post(search, '{ "StatusIDs": [1, 2],\n  "SearchText": "Printer" }', bearer)).status).toBe(
      200,
    );
    // Another body is another call.
    expect((await post(search, { SearchText: 'Ticket' }, bearer)).status).toBe(200);
    tenant.title = 'Printer put out';
    const shouted = await getWithAuth(`${relay}/API/30/Tickets/12?b=2&a=1`, bearer.Authorization);
    expect(shouted.status).toBe(200);
    await getWithAuth(`${relay}/api/30/tickets/12?a=1&b=2`, bearer.Authorization);
    const files = await recordingsWhen(
      dir,
      (found) =>
        named(found, 'post-api-30-tickets-search-').length === 2 && named(found, 'get-').length === 2,
    );
    expect(named(files, 'post-')).toHaveLength(2);
    const withQuery = named(files, 'get-api-30-tickets-12-')
      .map((name) => parseRecording(files[name]!))
      .find((recording) => recording.request.query.length > 0)!;
    expect(withQuery.request.query).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
    const latest = await recordingsWhen(dir, (found) =>
      Object.values(found).some((text) => text.includes('Printer put out')),
    );
    expect(Object.values(latest).filter((text) => text.includes('Printer put out'))).toHaveLength(1);
  });

  it('writes files 0600 in a 0700 directory with no secret in any byte, and no temporary file left', async () => {
    // Once every write in flight is done, no temporary file is left beside the recordings.
    const writing = () => readdirSync(dir).filter((name) => name.startsWith('.'));
    const files = await recordingsWhen(
      dir,
      (found) => Object.keys(found).length >= 4 && writing().length === 0,
    );
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    for (const [name, text] of Object.entries(files)) {
      expect(statSync(join(dir, name)).mode & 0o777, name).toBe(0o600);
      for (const secret of [SANDBOX_TOKEN, SANDBOX_SIGNATURE, SANDBOX_PASSWORD, 'svc-secret-value-0042']) {
        expect(text, name).not.toContain(secret);
      }
      for (const personal of ['jane.doe@sandbox.edu', 'Jane Doe']) expect(text, name).not.toContain(personal);
      expect(text).not.toMatch(/authorization|cookie/i);
    }
  });

  it('leaves out a call whose body nests too deep to mask, saying so, and goes on recording', async () => {
    const deep = `${'{"Nested":'.repeat(600)}1${'}'.repeat(600)}`;
    const res = await post(`${relay}/api/30/tickets/search`, deep, bearer);
    expect(res.status).toBe(200);
    await getWithAuth(`${relay}/api/30/tickets/14`, bearer.Authorization);
    const files = await recordingsWhen(dir, (found) => named(found, 'get-api-30-tickets-14-').length === 1);
    expect(named(files, 'post-api-30-tickets-search-')).toHaveLength(2);
    expect(server.logs).toContain(
      'record: POST /api/30/tickets/search was not recorded: its request body cannot be kept: its JSON nests too deep to be masked',
    );
  });
});
