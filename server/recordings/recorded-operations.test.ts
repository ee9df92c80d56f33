import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../testing/api-error.ts';
import { send } from '../testing/http-client.ts';
import { getWithAuth } from '../testing/requests.ts';
import { DEMO, login, startTestServer, type TestServer } from '../testing/start-server.ts';
import { useTestServer } from '../testing/use-test-server.ts';

/** A tenant's data that must never come back from the listing. */
const TENANT_DATA = ['jane.roe@tenant.example', 'Printer on fire', 'needle-in-query', '4242'];

/** Writes one recording file as the recorder would (the id need only be well-formed to be listed). */
function writeRecording(dir: string, method: string, path: string, query: [string, string][] = []) {
  const id = createHash('sha256')
    .update(`${method} ${path} ${JSON.stringify(query)}`)
    .digest('hex');
  const recording = {
    recording: 1,
    request: {
      method,
      path,
      query,
      body: method === 'GET' ? null : { json: { SearchText: TENANT_DATA[1] } },
      id,
    },
    answer: {
      status: 200,
      contentType: 'application/json',
      rateLimit: {},
      body: { json: { Title: TENANT_DATA[1] } },
    },
  };
  writeFileSync(join(dir, `${id}.json`), JSON.stringify(recording));
}

const listing = (res: { status: number; text: string }) =>
  (JSON.parse(res.text) as { operations: { method: string; path: string }[] }).operations;

describe('GET {base}/recorded-operations with REPLAY_DIR', () => {
  let server: TestServer;
  let bearer: string;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recorded-operations-'));
    writeRecording(dir, 'GET', '/api/30/tickets/4242', [['needle', 'needle-in-query']]);
    writeRecording(dir, 'GET', '/api/30/tickets/12');
    writeRecording(dir, 'POST', '/api/30/tickets/search');
    // The emulator answers this itself and never replays it; and a path the catalog does not have.
    writeRecording(dir, 'GET', '/api/people/lookup', [['searchText', TENANT_DATA[0]!]]);
    writeRecording(dir, 'GET', `/api/no-such-area/${TENANT_DATA[0]}`);
    server = await startTestServer({ config: { replayDir: dir, rateLimit: 100 } });
    bearer = `Bearer ${await login(server.api, DEMO.jdoe)}`;
  });
  afterAll(() => server.stop(true));

  it('lists the catalog’s operations that have recordings, once each, as the catalog writes them, on either base', async () => {
    for (const base of ['/TDWebApi', '/SBTDWebApi', '/tdwebapi']) {
      const res = await getWithAuth(`${server.origin}${base}/Recorded-Operations`, bearer);
      expect(res.status, base).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['x-ratelimit-limit']).toBe('100');
      expect(listing(res)).toEqual([
        { method: 'GET', path: '/api/{appId}/tickets/{id}' },
        { method: 'POST', path: '/api/{appId}/tickets/search' },
      ]);
      for (const data of TENANT_DATA) expect(res.text).not.toContain(data);
    }
  });

  it('refuses a call without a good token, naming nothing recorded', async () => {
    for (const authorization of [undefined, 'Bearer not-a-token', `Basic ${bearer}`, `${bearer}x`]) {
      const res = await getWithAuth(`${server.origin}/TDWebApi/recorded-operations`, authorization);
      expectApiError(res, 401, 'invalid_token');
      expect(res.text).not.toContain('tickets');
    }
  });

  it('answers hostile calls with a clear 4xx and the same listing whatever the query', async () => {
    const post = await send(server.origin, {
      method: 'POST',
      path: '/TDWebApi/recorded-operations',
      headers: { Authorization: bearer, 'Content-Type': 'application/json' },
      body: '{"not json',
    });
    expectApiError(post, 405, 'method_not_allowed');
    const queried = await getWithAuth(
      `${server.origin}/TDWebApi/recorded-operations?path=../../etc/passwd&method=%00`,
      bearer,
    );
    expect(queried.status).toBe(200);
    expect(listing(queried)).toHaveLength(2);
    const below = await getWithAuth(`${server.origin}/TDWebApi/recorded-operations/..%2F..%2Fx`, bearer);
    expect(below.status).toBeGreaterThanOrEqual(400);
    expect(below.status).toBeLessThan(500);
  });
});

describe('GET {base}/recorded-operations without REPLAY_DIR', () => {
  const server = useTestServer();

  it('lists nothing, and still wants the token', async () => {
    const bearer = `Bearer ${await login(server.api, DEMO.jdoe)}`;
    const res = await getWithAuth(`${server.origin}/TDWebApi/recorded-operations`, bearer);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ operations: [] });
    expectApiError(await getWithAuth(`${server.origin}/TDWebApi/recorded-operations`), 401, 'invalid_token');
  });
});
