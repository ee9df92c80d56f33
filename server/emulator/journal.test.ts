import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../testing/manual-clock.ts';
import { controlCall } from '../testing/control-client.ts';
import { send } from '../testing/http-client.ts';
import { DEMO, login, loginAdmin } from '../testing/start-server.ts';
import { useTestServer } from '../testing/use-test-server.ts';
import { Journal, MAX_JOURNAL_ENTRIES, type JournalEntry, type JournalListing } from './journal.ts';

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
    const journal = new Journal(new ManualClock(0));
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
    const journal = new Journal(new ManualClock(0));
    const names = Array.from({ length: 40 }, (_, i) => `n${i}=v`).join('&');
    call(journal, `/api/${'a'.repeat(2000)}?${names}`);
    const [entry] = journal.list().requests;
    expect(entry!.path).toHaveLength(1025);
    expect(entry!.path.endsWith('…')).toBe(true);
    expect(entry!.query).toHaveLength(32);
  });
});
