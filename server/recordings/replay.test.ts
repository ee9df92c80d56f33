import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalListing } from '../emulator/journal.ts';
import { expectApiError } from '../testing/api-error.ts';
import { controlCall } from '../testing/control-client.ts';
import { getWithAuth, post } from '../testing/requests.ts';
import { RECORDED_SEARCH, recordSandbox } from '../testing/recorded-sandbox.ts';
import { DEMO, login, startTestServer, type TestServer } from '../testing/start-server.ts';
import { ConfigError } from '../config/config-error.ts';

const messageOf = (text: string) => (JSON.parse(text) as { message: string }).message;

let dir: string;
let server: TestServer;
let token: string;

beforeAll(async () => {
  dir = await recordSandbox();
  server = await startTestServer({
    config: { replayDir: dir, rateLimit: 8, emulatorControl: { token: null } },
  });
  token = await login(server.api, DEMO.jdoe);
});
afterAll(() => server.stop(true));

const tickets = (base = 'TDWebApi') => `${server.origin}/${base}/api/30/tickets`;

describe('REPLAY_DIR', () => {
  it('answers a recorded call on either base, the same search in another key order too, paths without case', async () => {
    for (const url of [
      `${tickets()}/12`,
      `${tickets('SBTDWebApi')}/12`,
      `${server.origin}/TDWebApi/API/30/Tickets/12`,
    ]) {
      const res = await getWithAuth(url, `Bearer ${token}`);
      expect(res.status, url).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['x-emulator-replayed']).toBe('1');
      expect(String(res.headers['content-security-policy'])).toContain('sandbox');
      expect(JSON.parse(res.text)).toMatchObject({
        ID: 12,
        Title: 'Printer on fire',
        Notes: 'Opened with <redacted>',
      });
    }
    const search = await post(`${tickets()}/search`, '{"StatusIDs":[1,2],  "SearchText":"Printer"}', {
      Authorization: `Bearer ${token}`,
    });
    expect(search.status).toBe(200);
    expect((JSON.parse(search.text) as { ID: number }[]).map((t) => t.ID)).toEqual([12]);
  });

  it('refuses a call without a good token with the emulator’s 401, before any recording is looked at', async () => {
    const res = await getWithAuth(`${tickets()}/12`);
    expectApiError(res, 401, 'invalid_token');
    expect(res.headers['www-authenticate']).toBe('Bearer realm="TDWebApi"');
    expect(res.headers['x-emulator-replayed']).toBeUndefined();
    expectApiError(
      await getWithAuth(`${tickets()}/12`, `Bearer ${token.slice(0, -2)}xx`),
      401,
      'invalid_token',
    );
  });

  it('answers 404 not_recorded for anything else, naming the recordings of the same method and path template', async () => {
    const other = await getWithAuth(`${tickets()}/13`, `Bearer ${token}`);
    expectApiError(other, 404, 'not_recorded');
    expect(messageOf(other.text)).toContain(
      'Recorded GET /api/{id}/tickets/{id} calls: GET /api/30/tickets/12.',
    );
    const otherSearch = await post(
      `${tickets()}/search`,
      { SearchText: 'Printer' },
      { Authorization: `Bearer ${token}` },
    );
    expectApiError(otherSearch, 404, 'not_recorded');
    expect(messageOf(otherSearch.text)).toContain('POST /api/30/tickets/search.');
    const never = await getWithAuth(`${server.origin}/TDWebApi/api/30/assets/1`, `Bearer ${token}`);
    expect(messageOf(never.text)).toContain(
      'No recording has GET /api/{id}/assets/{id}: record it through the relay with RECORD_DIR.',
    );
  });

  it('leaves the Auth area and the emulated People operations to the emulator', async () => {
    expectApiError(await getWithAuth(`${server.api}/auth/nothing`, `Bearer ${token}`), 404, 'not_found');
    const person = await getWithAuth(`${server.api}/people/lookup?searchText=jdoe`, `Bearer ${token}`);
    expect(person.status).toBe(200);
    expect(person.headers['x-emulator-replayed']).toBeUndefined();
  });

  it('applies the emulator’s faults and rate limits around the recordings, and the journal marks what they answered', async () => {
    await controlCall(server.origin, 'DELETE', '/requests');
    const fault = await controlCall(server.origin, 'POST', '/faults', {
      method: 'GET',
      path: '/api/30/tickets/{id}',
      status: 503,
    });
    expect(fault.status).toBe(201);
    expectApiError(await getWithAuth(`${tickets()}/12`, `Bearer ${token}`), 503, 'service_unavailable');
    expect((await getWithAuth(`${tickets()}/12`, `Bearer ${token}`)).status).toBe(200);
    const journal = JSON.parse((await controlCall(server.origin, 'GET', '/requests')).text) as JournalListing;
    expect(journal.requests.map((entry) => [entry.path, entry.status, entry.answeredBy])).toEqual([
      ['/api/30/tickets/12', 503, 'fault'],
      ['/api/30/tickets/12', 200, 'replay'],
    ]);
    // RATE_LIMIT (8) counts per operation and caller, as the emulator counts its own routes.
    const counted = await getWithAuth(`${tickets()}/99`, `Bearer ${token}`);
    expect(counted.headers['x-ratelimit-limit']).toBe('8');
    for (let left = Number(counted.headers['x-ratelimit-remaining']); left > 0; left--) {
      await getWithAuth(`${tickets()}/12`, `Bearer ${token}`);
    }
    const limited = await getWithAuth(`${tickets()}/12`, `Bearer ${token}`);
    expectApiError(limited, 429, 'rate_limited');
    expect(
      (await post(`${tickets()}/search`, RECORDED_SEARCH, { Authorization: `Bearer ${token}` })).status,
    ).toBe(200);
    // Paths with no recording share one counter, however many of them a caller makes up.
    const made = await getWithAuth(`${server.origin}/TDWebApi/api/30/widgets/1`, `Bearer ${token}`);
    const up = await getWithAuth(`${server.origin}/TDWebApi/api/other/thing`, `Bearer ${token}`);
    expectApiError(up, 404, 'not_recorded');
    expect(Number(up.headers['x-ratelimit-remaining'])).toBe(
      Number(made.headers['x-ratelimit-remaining']) - 1,
    );
  });
});

describe('a malformed recording', () => {
  it('stops the start, naming the file, with nothing loaded', async () => {
    const bad = mkdtempSync(join(tmpdir(), 'replay-bad-'));
    cpSync(dir, bad, { recursive: true });
    writeFileSync(join(bad, 'get-broken.json'), '{"recording": 1, "request": {}');
    await expect(startTestServer({ config: { replayDir: bad } })).rejects.toThrow(
      new ConfigError(
        `REPLAY_DIR (--replay): ${join(bad, 'get-broken.json')} is not a recording: it is not JSON.`,
      ),
    );
    writeFileSync(join(bad, 'get-broken.json'), JSON.stringify({ recording: 1, request: {}, answer: {} }));
    await expect(startTestServer({ config: { replayDir: bad } })).rejects.toThrow(
      /get-broken\.json is not a recording: request\.method/,
    );
  });
});
