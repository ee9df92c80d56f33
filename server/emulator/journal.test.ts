import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdtempSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectApiError } from '../testing/api-error.ts';
import { ManualClock } from '../testing/manual-clock.ts';
import { controlCall } from '../testing/control-client.ts';
import { send } from '../testing/http-client.ts';
import { DEMO, login, loginAdmin } from '../testing/start-server.ts';
import { useTestServer } from '../testing/use-test-server.ts';
import { getWithAuth, post } from '../testing/requests.ts';
import type { JournalEntry } from './journal-entry.ts';
import { Journal, type JournalListing } from './journal.ts';

const MAX_JOURNAL_ENTRIES = 1_000;

describe('GET /_emulator/requests', () => {
  const server = useTestServer({ config: { emulatorControl: { token: null } } });
  const journal = async () => {
    const res = await controlCall(server.origin, 'GET', '/requests');
    expect(res.status).toBe(200);
    return { text: res.text, listing: JSON.parse(res.text) as JournalListing };
  };

  it('lists the Web API calls since the start, oldest first, with who made them, never a secret', async () => {
    const token = await login(server.api, DEMO.jdoe);
    const admin = await loginAdmin(server.api);
    const at = new Date(server.clock.now()).toISOString();
    await send(server.origin, {
      path: '/SBTDWebApi/API/Auth/GetUser',
      headers: { Authorization: `Bearer ${token}` },
    });
    await send(server.origin, {
      path: '/TDWebApi/api/people/lookup?searchText=Secret-Search-Text&maxResults=5&searchText=again',
      headers: { Authorization: `Bearer ${admin}` },
    });
    await send(server.origin, { path: `/TDWebApi/api/auth/getuser?${token}&token=${token}` });
    await send(server.origin, {
      path: '/TDWebApi/api/auth/getuser',
      headers: { Authorization: `Bearer ${token.slice(0, -2)}xx` },
    });
    await controlCall(server.origin, 'POST', '/faults', {
      method: 'GET',
      path: '/api/auth/getuser',
      status: 429,
    });
    await send(server.origin, {
      path: '/TDWebApi/api/auth/getuser',
      headers: { Authorization: `Bearer ${token}` },
    });
    await controlCall(server.origin, 'GET', '/clock');

    const { text, listing } = await journal();
    const entry = (fields: Partial<JournalEntry>) => ({ time: at, answeredBy: 'emulator', ...fields });
    expect(listing).toEqual({
      dropped: 0,
      max: MAX_JOURNAL_ENTRIES,
      requests: [
        entry({
          method: 'POST',
          base: '/TDWebApi',
          path: '/api/auth/login',
          query: [],
          status: 200,
          user: DEMO.jdoe,
        }),
        entry({
          method: 'POST',
          base: '/TDWebApi',
          path: '/api/auth/loginadmin',
          query: [],
          status: 200,
          user: 'api-admin@example.edu',
        }),
        entry({
          method: 'GET',
          base: '/SBTDWebApi',
          path: '/API/Auth/GetUser',
          query: [],
          status: 200,
          user: DEMO.jdoe,
        }),
        entry({
          method: 'GET',
          base: '/TDWebApi',
          path: '/api/people/lookup',
          query: ['searchText', 'maxResults'],
          status: 200,
          user: 'api-admin@example.edu',
        }),
        // A name as long as a token is no parameter's: left out.
        entry({
          method: 'GET',
          base: '/TDWebApi',
          path: '/api/auth/getuser',
          query: ['token'],
          status: 401,
          user: null,
        }),
        entry({
          method: 'GET',
          base: '/TDWebApi',
          path: '/api/auth/getuser',
          query: [],
          status: 401,
          user: null,
        }),
        entry({
          method: 'GET',
          base: '/TDWebApi',
          path: '/api/auth/getuser',
          query: [],
          status: 429,
          user: null,
          answeredBy: 'fault',
        }),
      ].map((request, i) => ({ id: i + 1, ...request })),
    });
    for (const secret of [
      token,
      token.split('.')[2]!,
      admin,
      DEMO.password,
      DEMO.exampleKey,
      'Secret-Search-Text',
      'again',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('is emptied by DELETE, which says how many it held; ids go on counting', async () => {
    const { listing } = await journal();
    const held = listing.requests.length;
    expect(held).toBeGreaterThan(0);
    const cleared = await controlCall(server.origin, 'DELETE', '/requests');
    expect(JSON.parse(cleared.text)).toEqual({ requests: [], cleared: held });
    expect((await journal()).listing.requests).toEqual([]);
    await send(server.origin, { method: 'POST', path: '/TDWebApi/api/auth' });
    const after = (await journal()).listing.requests;
    expect(after).toMatchObject([
      { id: listing.requests.at(-1)!.id + 1, method: 'POST', path: '/api/auth', status: 415 },
    ]);
    expect(server.logs).toContain('control');
  });

  it('records the time by the emulator’s one clock', async () => {
    await controlCall(server.origin, 'DELETE', '/requests');
    await controlCall(server.origin, 'POST', '/clock', { advance: '1h' });
    await send(server.origin, { path: '/TDWebApi/api/auth/getuser' });
    const [entry] = (await journal()).listing.requests;
    expect(entry!.time).toBe(new Date(server.clock.now() + 3_600_000).toISOString());
  });
});

describe('Journal', () => {
  const call = (journal: Journal, path: string) => {
    const req = { method: 'GET' } as IncomingMessage;
    const res = Object.assign(new EventEmitter(), { headersSent: true, statusCode: 200 });
    journal.record(req, res as unknown as ServerResponse, new URL(`http://x${path}`), '/TDWebApi', path);
    res.emit('finish');
  };

  it(`keeps the last ${MAX_JOURNAL_ENTRIES} entries and says how many older ones it dropped`, () => {
    const journal = new Journal(new ManualClock(0), { max: MAX_JOURNAL_ENTRIES, keepValues: false });
    for (let i = 1; i <= MAX_JOURNAL_ENTRIES + 5; i++) call(journal, `/api/people/${i}`);
    const { requests, dropped } = journal.list();
    expect(requests).toHaveLength(MAX_JOURNAL_ENTRIES);
    expect(dropped).toBe(5);
    expect(requests[0]).toMatchObject({ id: 6, path: '/api/people/6', status: 200 });
    expect(requests.at(-1)).toMatchObject({ id: MAX_JOURNAL_ENTRIES + 5 });
    expect(journal.clear()).toBe(MAX_JOURNAL_ENTRIES);
    expect(journal.list()).toMatchObject({ requests: [], dropped: 0 });
  });

  it('cuts a path longer than any of the Web API’s, and keeps at most 32 query names', () => {
    const journal = new Journal(new ManualClock(0), { max: MAX_JOURNAL_ENTRIES, keepValues: false });
    const names = Array.from({ length: 40 }, (_, i) => `n${i}=v`).join('&');
    call(journal, `/api/${'a'.repeat(2000)}?${names}`);
    const [entry] = journal.list().requests;
    expect(entry!.path).toHaveLength(1025);
    expect(entry!.path.endsWith('…')).toBe(true);
    expect(entry!.query).toHaveLength(32);
  });
});

const listing = async (origin: string, query = '') => {
  const res = await controlCall(origin, 'GET', `/requests${query}`);
  expect(res.status, res.text).toBe(200);
  return JSON.parse(res.text) as JournalListing;
};

describe('the journal with recordings (REPLAY_DIR)', () => {
  const server = useTestServer({
    config: { emulatorControl: { token: null }, replayDir: mkdtempSync(join(tmpdir(), 'journal-replay-')) },
  });

  it('marks a call no recording answers "not_recorded", apart from the emulator’s own 404 and 401', async () => {
    const token = await login(server.api, DEMO.jdoe);
    const admin = await loginAdmin(server.api);
    await controlCall(server.origin, 'DELETE', '/requests');
    expectApiError(await getWithAuth(`${server.api}/30/tickets/12`, `Bearer ${token}`), 404, 'not_recorded');
    expectApiError(
      await getWithAuth(`${server.api}/people/00000000-0000-4000-8000-000000000000`, `Bearer ${admin}`),
      404,
      'not_found',
    );
    expectApiError(await getWithAuth(`${server.api}/30/tickets/12`), 401, 'invalid_token');
    const { requests } = await listing(server.origin);
    expect(requests.map((entry) => [entry.path, entry.status, entry.answeredBy])).toEqual([
      ['/api/30/tickets/12', 404, 'not_recorded'],
      ['/api/people/00000000-0000-4000-8000-000000000000', 404, 'emulator'],
      ['/api/30/tickets/12', 401, 'emulator'],
    ]);
    expect((await listing(server.origin, '?answeredBy=not_recorded')).requests).toHaveLength(1);
  });
});

describe('GET /_emulator/requests?method=&path=&status=&answeredBy=', () => {
  const server = useTestServer({ config: { emulatorControl: { token: null }, rateLimit: 100 } });

  it('lists only the calls that match every filter given: a path exact (any case) or a template', async () => {
    const token = await login(server.api, DEMO.jdoe);
    const admin = await loginAdmin(server.api);
    const person = (uid: string) => getWithAuth(`${server.api}/people/${uid}`, `Bearer ${admin}`);
    await controlCall(server.origin, 'DELETE', '/requests');
    await getWithAuth(`${server.api}/auth/getuser`, `Bearer ${token}`);
    await person('c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8');
    await person('00000000-0000-4000-8000-000000000000');
    await getWithAuth(`${server.origin}/SBTDWebApi/API/People/Lookup?searchText=j`, `Bearer ${admin}`);
    await controlCall(server.origin, 'POST', '/faults', {
      method: 'GET',
      path: '/api/auth/getuser',
      status: 500,
    });
    await getWithAuth(`${server.api}/auth/getuser`, `Bearer ${token}`);
    const paths = async (query: string) =>
      (await listing(server.origin, query)).requests.map((entry) => `${entry.status} ${entry.path}`);

    expect(await paths('?path=/api/people/{uid}')).toEqual([
      '200 /api/people/c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8',
      '404 /api/people/00000000-0000-4000-8000-000000000000',
    ]);
    expect(await paths('?path=/api/people/lookup')).toEqual(['200 /API/People/Lookup']);
    expect(await paths('?path=%2FAPI%2Fauth%2FGETUSER&status=200')).toEqual(['200 /api/auth/getuser']);
    expect(await paths('?answeredBy=fault')).toEqual(['500 /api/auth/getuser']);
    expect(await paths('?method=post')).toEqual([]);
    expect(await paths('?method=GET&status=404')).toEqual([
      '404 /api/people/00000000-0000-4000-8000-000000000000',
    ]);
    const all = await listing(server.origin);
    expect(all.requests).toHaveLength(5);
    expect(await listing(server.origin, '?status=404')).toMatchObject({ dropped: 0, max: 1000 });
  });

  it('refuses a filter it does not know, or a value that could never match, with a 400 that says why', async () => {
    for (const [query, message] of [
      ['?colour=red', /^Unknown filter "colour": filter by method, path, status or answeredBy\.$/],
      ['?status=abc', /^status must be a whole number from 100 to 599\.$/],
      ['?answeredBy=someone', /^answeredBy must be one of emulator, fault, replay, not_recorded\.$/],
      ['?path=api/auth', /^path must be a path below the API base/],
      ['?method=GET&method=POST', /^method is given twice/],
    ] as const) {
      const res = await controlCall(server.origin, 'GET', `/requests${query}`);
      expect(expectApiError(res, 400, 'bad_request').message).toMatch(message);
    }
  });
});

describe('EMULATOR_JOURNAL_MAX', () => {
  const server = useTestServer({ config: { emulatorControl: { token: null }, journalMax: 3 } });

  it('caps the journal at the number set: the oldest go, counted in dropped', async () => {
    for (let i = 0; i < 5; i++) await send(server.origin, { path: '/TDWebApi/api/auth/getuser' });
    const { requests, dropped, max } = await listing(server.origin);
    expect({ ids: requests.map((entry) => entry.id), dropped, max }).toEqual({
      ids: [3, 4, 5],
      dropped: 2,
      max: 3,
    });
  });
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('EMULATOR_JOURNAL_VALUES (synthetic data only)', () => {
  const server = useTestServer({
    config: {
      emulatorControl: { token: null },
      journalValues: true,
      replayDir: mkdtempSync(join(tmpdir(), 'journal-values-')),
    },
  });

  it('keeps query values and a digest of the body, never a secret-named value nor a sign-in', async () => {
    const token = await login(server.api, DEMO.jdoe);
    const admin = await loginAdmin(server.api);
    await controlCall(server.origin, 'DELETE', '/requests');
    await getWithAuth(
      `${server.api}/people/lookup?searchText=Ada%20L&maxResults=5&api_key=kept-out-1&AccessToken=kept-out-2`,
      `Bearer ${admin}`,
    );
    await post(
      `${server.api}/30/tickets/search`,
      '{ "StatusIDs": [2, 1], "SearchText": "Printer", "Filter": {"Z": 1, "A": "é"} }',
      { Authorization: `Bearer ${token}` },
    );
    await post(
      `${server.api}/30/tickets/search`,
      { SearchText: 'x', Password: 'kept-out-3' },
      {
        Authorization: `Bearer ${token}`,
      },
    );
    await post(`${server.api}/30/tickets/search`, 'not json, page=2', { Authorization: `Bearer ${token}` });
    await post(`${server.api}/30/tickets/search`, 'not json, password=kept-out-4', {
      Authorization: `Bearer ${token}`,
    });
    await post(`${server.api}/auth`, { username: DEMO.jdoe, password: DEMO.password });
    // Another spelling of the same sign-in, which the router decodes to it: the Auth area's too.
    await post(`${server.api}/%61uth`, { username: DEMO.jdoe, password: DEMO.password });
    await getWithAuth(`${server.api}/auth/getuser?code=kept-out-5`, `Bearer ${token}`);

    const res = await controlCall(server.origin, 'GET', '/requests');
    const { requests } = JSON.parse(res.text) as JournalListing;
    expect(requests.map(({ path, params, bodyDigest }) => ({ path, params, bodyDigest }))).toEqual([
      {
        path: '/api/people/lookup',
        params: [
          ['searchText', 'Ada L'],
          ['maxResults', '5'],
          ['api_key', '<redacted>'],
          ['AccessToken', '<redacted>'],
        ],
        bodyDigest: null,
      },
      {
        path: '/api/30/tickets/search',
        params: [],
        bodyDigest: sha256('{"Filter":{"A":"é","Z":1},"SearchText":"Printer","StatusIDs":[2,1]}'),
      },
      {
        path: '/api/30/tickets/search',
        params: [],
        bodyDigest: sha256('{"Password":"<redacted>","SearchText":"x"}'),
      },
      { path: '/api/30/tickets/search', params: [], bodyDigest: sha256('not json, page=2') },
      { path: '/api/30/tickets/search', params: [], bodyDigest: null },
      { path: '/api/auth', params: null, bodyDigest: null },
      { path: '/api/%61uth', params: null, bodyDigest: null },
      { path: '/api/auth/getuser', params: null, bodyDigest: null },
    ]);
    for (const secret of ['kept-out', DEMO.password, sha256(DEMO.password), token, admin]) {
      expect(res.text).not.toContain(secret);
    }
  });
});
