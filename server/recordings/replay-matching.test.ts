import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error.ts';
import { expectApiError } from '../testing/api-error.ts';
import { docBlocks } from '../testing/doc-blocks.ts';
import { getWithAuth, post } from '../testing/requests.ts';
import { DEMO, login, startTestServer, type TestServer } from '../testing/start-server.ts';

/** Recordings written by hand, as docs/testing-your-integration.md shows: no id, paths as people write them. */
const HAND_WRITTEN: Record<string, unknown> = {
  'ticket.json': {
    recording: 2,
    request: { method: 'GET', path: '/api/30/Tickets/13' },
    answer: { status: 200, contentType: 'application/json', rateLimit: {}, body: { json: { ID: 13 } } },
  },
  // Edited: its path was /api/30/tickets/12, and its id is still that call's.
  'edited.json': {
    recording: 1,
    request: { method: 'GET', path: '/api/30/tickets/15', query: [], body: null, id: 'f'.repeat(64) },
    answer: { status: 200, contentType: 'application/json', rateLimit: {}, body: { json: { ID: 15 } } },
  },
  'search.json': {
    recording: 2,
    request: {
      method: 'POST',
      path: '/api/30/tickets/search',
      query: [['Expand', 'true']],
      body: { json: { MaxResults: 25, SearchText: 'printer', CreatedDateFrom: '2026-01-01' } },
      ignore: ['CreatedDateFrom'],
    },
    answer: { status: 200, contentType: 'application/json', rateLimit: {}, body: { json: [{ ID: 13 }] } },
  },
  'assets.json': {
    recording: 2,
    request: {
      method: 'POST',
      path: '/api/30/assets/search',
      body: { json: { SerialLike: 'X1', ModifiedFrom: '2026-01-01' } },
    },
    answer: { status: 200, contentType: 'application/json', rateLimit: {}, body: { json: [{ ID: 4 }] } },
  },
};

let server: TestServer;
let bearer: Record<string, string>;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'replay-matching-'));
  for (const [name, recording] of Object.entries(HAND_WRITTEN)) {
    writeFileSync(join(dir, name), JSON.stringify(recording, null, 2));
  }
  // The docs' own example, as a reader would copy it.
  writeFileSync(
    join(dir, 'from-docs.json'),
    docBlocks('docs/testing-your-integration.md', '### Record once', 'json')[0]!,
  );
  server = await startTestServer({
    config: { replayDir: dir, replayIgnore: ['ModifiedFrom'], rateLimit: 100 },
  });
  bearer = { Authorization: `Bearer ${await login(server.api, DEMO.jdoe)}` };
});
afterAll(() => server.stop(true));

const idOf = (text: string) => JSON.parse(text) as { ID: number } | { ID: number }[];

describe('a recording written or edited by hand (REPLAY_DIR)', () => {
  it('answers the request it holds, whatever its id says and however its path is written', async () => {
    for (const [path, id] of [
      ['/30/tickets/13', 13],
      ['/30/TICKETS/15', 15],
      ['/30/tickets/12', 12],
    ] as const) {
      const res = await getWithAuth(`${server.api}${path}`, bearer.Authorization);
      expect(res.status, path).toBe(200);
      expect(idOf(res.text)).toMatchObject({ ID: id });
    }
    expectApiError(
      await getWithAuth(`${server.api}/30/tickets/14`, bearer.Authorization),
      404,
      'not_recorded',
    );
  });

  it('two files of one call stop the start, both named', async () => {
    const twins = mkdtempSync(join(tmpdir(), 'replay-twins-'));
    writeFileSync(join(twins, 'a.json'), JSON.stringify(HAND_WRITTEN['ticket.json']));
    writeFileSync(
      join(twins, 'b.json'),
      JSON.stringify({
        ...(HAND_WRITTEN['ticket.json'] as object),
        request: { method: 'GET', path: '/api/30/tickets/13/' },
      }),
    );
    await expect(startTestServer({ config: { replayDir: twins } })).rejects.toThrow(
      new ConfigError(
        `REPLAY_DIR (--replay): ${join(twins, 'b.json')} and ${join(twins, 'a.json')} record the same call: keep one of them.`,
      ),
    );
  });
});

describe('matching as the service binds a call (REPLAY_DIR)', () => {
  const search = `/30/tickets/search`;

  it('takes query names and JSON keys in any letter case, and a number as the string that writes it', async () => {
    const res = await post(
      `${server.api}${search}?expand=true`,
      { maxresults: '25', SEARCHTEXT: 'printer', CreatedDateFrom: '2026-01-01' },
      bearer,
    );
    expect(res.status).toBe(200);
    expect(idOf(res.text)).toEqual([{ ID: 13 }]);
    // A value is still compared as it is written: another text, or a number written otherwise, is another call.
    for (const body of [
      { MaxResults: 25, SearchText: 'Printer' },
      { MaxResults: '025', SearchText: 'printer' },
    ]) {
      expectApiError(await post(`${server.api}${search}?expand=true`, body, bearer), 404, 'not_recorded');
    }
  });

  it('leaves out the fields a recording names in `ignore`, and those of REPLAY_IGNORE, at any depth', async () => {
    const sent = { MaxResults: 25, SearchText: 'printer', CreatedDateFrom: '2026-03-02' };
    expect((await post(`${server.api}${search}?Expand=true`, sent, bearer)).status).toBe(200);
    const assets = await post(
      `${server.api}/30/assets/search`,
      { SerialLike: 'X1', modifiedfrom: '2026-03-02' },
      bearer,
    );
    expect(assets.status).toBe(200);
    expect(idOf(assets.text)).toEqual([{ ID: 4 }]);
  });
});
