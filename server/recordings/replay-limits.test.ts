import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../testing/api-error.ts';
import { controlCall } from '../testing/control-client.ts';
import type { RawResponse } from '../testing/http-client.ts';
import { getWithAuth, post } from '../testing/requests.ts';
import { DEMO, login, loginAdmin, startTestServer, type TestServer } from '../testing/start-server.ts';
import { TEST_COLLEGE, testCollegeRealm } from '../testing/test-college.ts';

/** A hand-written recording (docs/testing-your-integration.md) of one call, answered 200 with `{}`. */
function recording(method: string, path: string, body: unknown) {
  return {
    recording: 2,
    request: { method, path, query: [], body: body === null ? null : { json: body }, ignore: [] },
    answer: { status: 200, contentType: 'application/json', rateLimit: {}, body: { json: { ok: true } } },
  };
}

const TICKET = { TypeID: 1, Title: 'Printer on fire' };
const CREATE = '/api/30/tickets';
const REPORTS = '/api/reports';
const BULK = '/api/people/bulk/applydashboard/5';

let dir: string;
let server: TestServer;
const tokens: Record<'jdoe' | 'asmith' | 'admin' | 'college', string> = {
  jdoe: '',
  asmith: '',
  admin: '',
  college: '',
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'replay-limits-'));
  const recordings = join(dir, 'recordings');
  mkdirSync(recordings);
  const files = {
    'create.json': recording('POST', CREATE, TICKET),
    'reports.json': recording('GET', REPORTS, null),
    'bulk.json': recording('POST', BULK, ['c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8']),
  };
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(recordings, name), JSON.stringify(content));
  }
  // The demo's organization and Test College, so that one organization's calls can be told from another's.
  const demo = JSON.parse(readFileSync(new URL('../realm/demo.json', import.meta.url), 'utf8')) as {
    organizations: object[];
  };
  const college = testCollegeRealm([]) as { organizations: object[] };
  const realmFile = join(dir, 'realm.json');
  writeFileSync(
    realmFile,
    JSON.stringify({ organizations: [...demo.organizations, ...college.organizations] }),
  );
  server = await startTestServer({
    config: {
      replayDir: recordings,
      realmFile,
      trustedProxies: ['127.0.0.1'],
      emulatorControl: { token: null },
    },
  });
  tokens.jdoe = await login(server.api, DEMO.jdoe);
  tokens.asmith = await login(server.api, DEMO.asmith);
  tokens.admin = await loginAdmin(server.api);
  tokens.college = await loginAdmin(server.api, TEST_COLLEGE.beid, TEST_COLLEGE.key);
});
afterAll(async () => {
  await server.stop(true);
  rmSync(dir, { recursive: true, force: true });
});

const from = (address: string) => ({ 'X-Forwarded-For': address });
const bearer = (who: keyof typeof tokens) => ({ Authorization: `Bearer ${tokens[who]}` });

function createTicket(address: string): Promise<RawResponse> {
  return post(`${server.origin}/TDWebApi${CREATE}`, TICKET, { ...bearer('jdoe'), ...from(address) });
}

function expectLimited(res: RawResponse, limit: number, allowance: RegExp) {
  expectApiError(res, 429, 'rate_limited');
  expect(res.headers['x-ratelimit-limit']).toBe(String(limit));
  expect(res.headers['x-ratelimit-remaining']).toBe('0');
  expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  expect((JSON.parse(res.text) as { message: string }).message).toMatch(allowance);
}

/** Moves the emulator's control clock past every window counted so far. */
async function nextWindow(seconds: number) {
  expect((await controlCall(server.origin, 'POST', '/clock', { advance: `${seconds}s` })).status).toBe(200);
}

describe('replay applies each recorded operation’s own documented limit', () => {
  it('ticket create: 30 calls per 60 s per address, the 31st a 429, the next window by the control clock', async () => {
    for (let i = 1; i <= 30; i++) {
      const res = await createTicket('198.51.100.1');
      expect(res.status, `call ${i} ${res.text}`).toBe(200);
      expect(res.headers['x-emulator-replayed']).toBe('1');
      expect(res.headers['x-ratelimit-limit']).toBe('30');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(30 - i));
    }
    expectLimited(
      await createTicket('198.51.100.1'),
      30,
      /30 are allowed per 60 seconds for each caller address/,
    );
    // Per address: another one has its own 30.
    expect((await createTicket('198.51.100.2')).status).toBe(200);
    await nextWindow(60);
    expect((await createTicket('198.51.100.1')).status).toBe(200);
  });

  it('reports (per user): one user’s calls from any address share a counter; another user has their own', async () => {
    await nextWindow(60);
    const reports = (who: keyof typeof tokens, address: string) =>
      getWithAuth(`${server.origin}/TDWebApi${REPORTS}`, bearer(who).Authorization, from(address));
    for (let i = 0; i < 45; i++) {
      const res = await reports('jdoe', `203.0.113.${i + 1}`);
      expect(res.status, `call ${i + 1}`).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('45');
    }
    expectLimited(await reports('jdoe', '203.0.113.200'), 45, /45 are allowed per 60 seconds for each user/);
    const other = await reports('asmith', '203.0.113.1');
    expect(other.status).toBe(200);
    expect(other.headers['x-ratelimit-remaining']).toBe('44');
  });

  it('bulk dashboard (per organization): shared by its users and its admin; another organization has its own', async () => {
    await nextWindow(120);
    const bulk = (who: keyof typeof tokens, address: string) =>
      post(`${server.origin}/TDWebApi${BULK}`, ['c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8'], {
        ...bearer(who),
        ...from(address),
      });
    const first = await bulk('jdoe', '192.0.2.1');
    expect(first.status).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('1');
    const organization = /1 are allowed per 120 seconds for each organization/;
    expectLimited(await bulk('asmith', '192.0.2.2'), 1, organization);
    expectLimited(await bulk('admin', '192.0.2.3'), 1, organization);
    // Test College's call answers as its recording does (it is not this organization's counter).
    expect((await bulk('college', '192.0.2.1')).status).toBe(200);
  });

  it('counts a call without a good token by no one: it gets the 401 a limit per user cannot count', async () => {
    const res = await getWithAuth(`${server.origin}/TDWebApi${REPORTS}`, 'Bearer nope');
    expectApiError(res, 401, 'invalid_token');
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });
});
