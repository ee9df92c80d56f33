import { describe, expect, it, vi } from 'vitest';
import { MASKED_SECRET } from '@contract/secret-fields';
import { fromPostman, fromPostmanFile, IMPORT_LIMITS, POSTMAN_SCHEMA, toPostman } from './postman-collection';
import { NAMED_PER_REQUEST } from './postman-losses';
import { savedFrom, type SavedRequest } from './saved-request';
import { FORM_LIMITS, newQueryParam } from '../form/request-form';

const SAVED: SavedRequest[] = [
  savedFrom('Person lookup', {
    method: 'GET',
    path: 'people/lookup',
    pathValues: {},
    query: [
      newQueryParam('searchText', 'o’neil & co'),
      newQueryParam('maxResults', '5'),
      newQueryParam('x', 'a'),
    ],
    body: '',
  }),
  savedFrom('One person', {
    method: 'GET',
    path: 'people/{uid}',
    pathValues: { uid: 'c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8' },
    query: [],
    body: '',
  }),
  savedFrom('Admin login', {
    method: 'POST',
    path: 'auth/loginadmin',
    pathValues: {},
    query: [],
    body: '{"BEID": "b", "WebServicesKey": "secret-key"}',
  }),
];

/** The request of a top-level item that is a request, not a folder. */
function requestOf(item: ReturnType<typeof toPostman>['item'][number] | undefined) {
  if (!item || !('request' in item)) throw new Error('not a request');
  return item.request;
}

/**
 * The required fields of Postman's collection schema v2.1.0 (collection: info, item; info: name, schema; an item:
 * request; a folder: item; a header: key, value), with the types the schema gives them.
 */
function v21Problems(collection: unknown): string[] {
  const problems: string[] = [];
  const c = collection as Record<string, unknown>;
  const info = c.info as Record<string, unknown> | undefined;
  if (typeof info?.name !== 'string') problems.push('info.name');
  if (info?.schema !== POSTMAN_SCHEMA) problems.push('info.schema');
  const walk = (items: unknown, at: string) => {
    if (!Array.isArray(items)) return void problems.push(`${at} is not an array`);
    items.forEach((entry, i) => {
      const it = entry as Record<string, unknown>;
      if ('item' in it) return walk(it.item, `${at}[${i}].item`);
      const request = it.request as Record<string, unknown> | undefined;
      if (typeof request !== 'object' || request === null) return void problems.push(`${at}[${i}].request`);
      if (typeof request.method !== 'string') problems.push(`${at}[${i}].request.method`);
      const url = request.url as Record<string, unknown>;
      if (typeof url?.raw !== 'string') problems.push(`${at}[${i}].request.url.raw`);
      for (const h of (request.header as Record<string, unknown>[] | undefined) ?? [])
        if (typeof h.key !== 'string' || typeof h.value !== 'string') problems.push(`${at}[${i}].header`);
      for (const q of (url.query as Record<string, unknown>[] | undefined) ?? [])
        if (typeof q.key !== 'string') problems.push(`${at}[${i}].query`);
      const body = request.body as Record<string, unknown> | undefined;
      if (body && !['raw', 'urlencoded', 'formdata', 'file', 'graphql'].includes(String(body.mode)))
        problems.push(`${at}[${i}].body.mode`);
    });
  };
  walk(c.item, 'item');
  return problems;
}

describe('toPostman', () => {
  const collection = toPostman(SAVED, {
    name: 'Auth Console: acme',
    baseUrl: 'https://acme.teamdynamix.com/TDWebApi',
  });

  it('meets the v2.1 schema’s required fields', () => {
    expect(v21Problems(JSON.parse(JSON.stringify(collection)))).toEqual([]);
  });

  it('writes {name} path parameters as Postman’s :name with their values, and the base as a variable', () => {
    expect(requestOf(collection.item[1]).url).toEqual({
      raw: '{{baseUrl}}/api/people/:uid',
      host: ['{{baseUrl}}'],
      path: ['api', 'people', ':uid'],
      variable: [{ key: 'uid', value: 'c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8' }],
    });
    expect(collection.variable).toEqual([
      { key: 'baseUrl', value: 'https://acme.teamdynamix.com/TDWebApi' },
      { key: 'token', value: '' },
    ]);
  });

  it('holds no secret: the key was masked when saved, the token is a variable left empty', () => {
    expect(JSON.stringify(collection)).not.toContain('secret-key');
    expect(requestOf(collection.item[2]).body?.raw).toContain('<redacted>');
  });
});

describe('fromPostman', () => {
  it('round-trips what was exported', () => {
    const text = JSON.stringify(toPostman(SAVED, { name: 'x', baseUrl: 'https://a/TDWebApi' }));
    expect(fromPostman(text)).toEqual({ ok: true, saved: SAVED, variables: [], skipped: [], lost: [] });
  });

  it('names, per request, what it does not bring over: headers, a body that is not raw, auth, scripts, variables', () => {
    const script = (listen: string) => ({
      listen,
      script: { type: 'text/javascript', exec: ['pm.test("x")'] },
    });
    const file = {
      info: { name: 'Mine', schema: POSTMAN_SCHEMA },
      auth: { type: 'apikey', apikey: [{ key: 'value', value: 'k' }] },
      event: [script('prerequest')],
      item: [
        {
          name: 'Create person',
          event: [script('test'), { listen: 'prerequest', script: { exec: [''] } }],
          request: {
            method: 'POST',
            auth: { type: 'basic', basic: [{ key: 'password', value: 'hunter2' }] },
            header: [
              { key: 'Content-Type', value: 'multipart/form-data' },
              { key: 'X-Custom', value: '1' },
              { key: 'X-Off', value: '1', disabled: true },
              { key: 'Accept', value: 'application/json' },
            ],
            url: {
              raw: '{{baseUrl}}/api/people?notify={{notify}}&x=1',
              query: [
                { key: 'notify', value: '{{notify}}' },
                { key: 'off', value: '1', disabled: true },
              ],
            },
            body: { mode: 'formdata', formdata: [{ key: 'FirstName', value: 'Ann', type: 'text' }] },
          },
        },
        {
          name: 'Admin',
          auth: { type: 'bearer', bearer: [{ key: 'token', value: 'abc' }] },
          item: [
            {
              name: 'One person',
              request: {
                method: 'GET',
                header: [{ key: 'content-type', value: 'application/json' }],
                url: { raw: '{{baseUrl}}/api/people/{{uid}}' },
              },
            },
            {
              name: 'Update',
              request: {
                method: 'PATCH',
                url: { raw: '{{baseUrl}}/api/people/1' },
                body: { mode: 'raw', raw: '{"Note":"{{note}}","Other":"{{other}}","Again":"{{note}}"}' },
              },
            },
            {
              name: 'Upload',
              request: { method: 'POST', url: { raw: '{{baseUrl}}/api/x' }, body: { mode: 'urlencoded' } },
            },
          ],
        },
      ],
    };
    const read = fromPostman(JSON.stringify(file));
    expect(read).toMatchObject({
      ok: true,
      saved: [
        { name: 'Create person', path: 'people', body: '' },
        { name: 'One person', path: 'people/{{uid}}' },
        { name: 'Update', body: '{"Note":"{{note}}","Other":"{{other}}","Again":"{{note}}"}' },
        { name: 'Upload' },
      ],
      skipped: [],
      lost: [
        'The collection: its auth (apikey); its pre-request script',
        'Create person: the headers Content-Type, X-Custom; its form-data body; 1 disabled query parameter; the value of {{notify}} (not in the file: add it under Variables); its auth (basic); its test script',
        'The folder Admin: its auth (bearer)',
        'One person: the value of {{uid}} (not in the file: add it under Variables)',
        'Update: the values of {{note}}, {{other}} (not in the file: add them under Variables)',
        'Upload: its urlencoded form body',
      ],
    });
    expect(JSON.stringify(read)).not.toContain('hunter2');
  });

  it(`names at most ${NAMED_PER_REQUEST} headers of a request, and counts the rest`, () => {
    const header = Array.from({ length: 8 }, (_, i) => ({ key: `X-${i}`, value: 'v' }));
    const file = collection([{ name: 'Many', request: { method: 'GET', header, url: '{{baseUrl}}/api/x' } }]);
    expect(fromPostman(JSON.stringify(file))).toMatchObject({
      lost: ['Many: the headers X-0, X-1, X-2, X-3, X-4 and 3 more'],
    });
  });

  it('keeps a request’s folder, masks a secret in a file, names what it skips', () => {
    const file = {
      info: { name: 'Mine', schema: POSTMAN_SCHEMA },
      item: [
        {
          name: 'Folder',
          item: [
            {
              name: 'Login',
              request: {
                method: 'post',
                url: '{{baseUrl}}/api/auth/login',
                body: { mode: 'raw', raw: '{"username":"a","Password":"hunter2"}' },
              },
            },
          ],
        },
        { name: 'Elsewhere', request: { method: 'GET', url: { raw: 'https://other/api/x' } } },
        { name: 'Head', request: { method: 'HEAD', url: { raw: '{{baseUrl}}/api/x' } } },
      ],
    };
    const read = fromPostman(JSON.stringify(file));
    expect(read).toMatchObject({
      ok: true,
      saved: [{ name: 'Login', method: 'POST', path: 'auth/login', masked: true, folder: ['Folder'] }],
      skipped: [
        'Elsewhere: its URL does not start with {{baseUrl}}/api/',
        'Head: its method is not one this form sends',
      ],
    });
    expect(JSON.stringify(read)).not.toContain('hunter2');
  });

  it('refuses what is not a v2.1 collection', () => {
    expect(fromPostman('nope')).toEqual({ ok: false, message: 'The file is not JSON.' });
    expect(fromPostman('{"item": []}')).toMatchObject({ ok: false, message: /not a Postman collection/ });
    expect(
      fromPostman(
        JSON.stringify({
          info: { name: 'a', schema: 'https://schema.getpostman.com/json/collection/v2.0.0/collection.json' },
          item: [],
        }),
      ),
    ).toMatchObject({ ok: false, message: /v2\.1/ });
  });

  it('reads a :constructor, __proto__ or toString path variable as any other name, and exports it back', () => {
    const file = collection([
      request('Odd names', '{{baseUrl}}/api/people/:constructor/:__proto__/:toString', [
        { key: 'constructor', value: 'a' },
        { key: '__proto__', value: 'b' },
        { key: 'toString', value: 'c' },
      ]),
    ]);
    const read = fromPostman(JSON.stringify(file));
    if (!read.ok) throw new Error(read.message);
    const [saved] = read.saved;
    expect(saved!.path).toBe('people/{constructor}/{__proto__}/{toString}');
    expect(Object.entries(saved!.pathValues)).toEqual([
      ['constructor', 'a'],
      ['__proto__', 'b'],
      ['toString', 'c'],
    ]);
    expect(requestOf(toPostman(read.saved, { name: 'x', baseUrl: 'b' }).item[0]).url.variable).toEqual([
      { key: 'constructor', value: 'a' },
      { key: '__proto__', value: 'b' },
      { key: 'toString', value: 'c' },
    ]);
  });

  it('masks a query or path value whose name says secret, so the export holds none', () => {
    const file = collection([
      request('Webhook', '{{baseUrl}}/api/integrations/webhook?token=clear-1', []),
      request('Key in path', '{{baseUrl}}/api/things/:apiKey', [{ key: 'apiKey', value: 'clear-2' }]),
    ]);
    const read = fromPostman(JSON.stringify(file));
    if (!read.ok) throw new Error(read.message);
    expect(read.saved.map((s) => s.masked)).toEqual([true, true]);
    const exported = JSON.stringify(toPostman(read.saved, { name: 'x', baseUrl: 'b' }));
    expect(exported).not.toMatch(/clear-/);
    expect(exported).toContain(`token=${MASKED_SECRET}`);
  });
});

function request(name: string, raw: string, variable: { key: string; value: string }[]) {
  return { name, request: { method: 'GET', url: { raw, variable } } };
}

function collection(item: unknown[]) {
  return { info: { name: 'Mine', schema: POSTMAN_SCHEMA }, item };
}

/** `depth` folders, one inside the other, the innermost holding one request. */
function nested(depth: number) {
  let item: unknown[] = [request('Deep', '{{baseUrl}}/api/x', [])];
  for (let i = 0; i < depth; i++) item = [{ name: `Folder ${i}`, item }];
  return collection(item);
}

describe('folders', () => {
  const request = (name: string) => ({ name, request: { method: 'GET', url: `{{baseUrl}}/api/x/${name}` } });
  const NESTED = {
    info: { name: 'Mine', schema: POSTMAN_SCHEMA },
    item: [
      request('top'),
      {
        name: 'Tickets',
        item: [request('one'), { name: 'Bulk', item: [request('two')] }, request('three')],
      },
      { name: 'A/B', item: [request('four')] },
    ],
  };

  it('imports each request with the folders it sits in, outermost first', () => {
    const read = fromPostman(JSON.stringify(NESTED));
    if (!read.ok) throw new Error(read.message);
    expect(read.saved.map((s) => [s.name, s.folder])).toEqual([
      ['top', undefined],
      ['one', ['Tickets']],
      ['two', ['Tickets', 'Bulk']],
      ['three', ['Tickets']],
      ['four', ['A/B']],
    ]);
  });

  it('exports folders as nested items, each where its first request stood, within the v2.1 schema', () => {
    const at = (name: string, folder?: string[]) => ({
      ...savedFrom(name, { ...SAVED[0]!, query: [] }),
      folder,
    });
    const exported = toPostman(
      [at('top'), at('one', ['T']), at('two', ['T', 'B']), at('solo', ['U']), at('three', ['T'])],
      {
        name: 'x',
        baseUrl: 'b',
      },
    );
    const shape = (items: unknown[]): unknown[] =>
      items.map((it) => {
        const i = it as { name: string; item?: unknown[] };
        return i.item ? { [i.name]: shape(i.item) } : i.name;
      });
    expect(shape(exported.item)).toEqual(['top', { T: ['one', { B: ['two'] }, 'three'] }, { U: ['solo'] }]);
    expect(v21Problems(JSON.parse(JSON.stringify(exported)))).toEqual([]);
  });

  it('round-trips a collection with nested folders', () => {
    const read = fromPostman(JSON.stringify(NESTED));
    if (!read.ok) throw new Error(read.message);
    expect(read.saved[2]!.folder).toEqual(['Tickets', 'Bulk']);
    const again = fromPostman(JSON.stringify(toPostman(read.saved, { name: 'x', baseUrl: 'b' })));
    expect(again).toEqual({ ok: true, saved: read.saved, variables: [], skipped: [], lost: [] });
  });
});

describe('the limits of an import', () => {
  it(`walks folders ${IMPORT_LIMITS.folderDepth} deep, and refuses deeper ones, however deep, saying the limit`, () => {
    expect(fromPostman(JSON.stringify(nested(IMPORT_LIMITS.folderDepth)))).toMatchObject({
      ok: true,
      saved: [{ name: 'Deep' }],
    });
    const refusal = {
      ok: false,
      message: `The collection nests folders more than ${IMPORT_LIMITS.folderDepth} deep, the most an import may: nothing was imported.`,
    };
    expect(fromPostman(JSON.stringify(nested(IMPORT_LIMITS.folderDepth + 1)))).toEqual(refusal);
    // Deeper than the call stack reaches: JSON.stringify itself could not write it, so it is written by hand.
    const depth = 50_000;
    const deep = `${'{"name":"f","item":['.repeat(depth)}${']}'.repeat(depth)}`;
    expect(fromPostman(`{"info":{"name":"a","schema":"${POSTMAN_SCHEMA}"},"item":[${deep}]}`)).toEqual(
      refusal,
    );
  });

  it(`takes ${IMPORT_LIMITS.items.toLocaleString('en-US')} items, folders counted, and refuses one more`, () => {
    const requests = (n: number) =>
      Array.from({ length: n }, (_, i) => request(`r${i}`, '{{baseUrl}}/api/x', []));
    const atLimit = fromPostman(
      JSON.stringify(collection([{ name: 'Folder', item: requests(IMPORT_LIMITS.items - 1) }])),
    );
    expect(atLimit.ok && atLimit.saved.length).toBe(IMPORT_LIMITS.items - 1);
    expect(
      fromPostman(JSON.stringify(collection([{ name: 'Folder', item: requests(IMPORT_LIMITS.items) }]))),
    ).toEqual({
      ok: false,
      message: `The collection has more than 5,000 items (requests and folders counted together), the most an import may hold: nothing was imported.`,
    });
  });

  it(`names a request with more query rows than the form holds as not imported`, () => {
    const query = Array.from({ length: FORM_LIMITS.queryRows + 1 }, (_, i) => ({ key: `p${i}`, value: 'v' }));
    const file = collection([
      { name: 'Wide', request: { method: 'GET', url: { raw: '{{baseUrl}}/api/x', query } } },
      request('Narrow', '{{baseUrl}}/api/x?a=1', []),
    ]);
    expect(fromPostman(JSON.stringify(file))).toMatchObject({
      ok: true,
      saved: [{ name: 'Narrow' }],
      skipped: [`Wide: it has more than ${FORM_LIMITS.queryRows} query parameters, the most the form holds`],
    });
  });

  it(`refuses a file larger than ${IMPORT_LIMITS.megabytes} MB unread, saying the limit`, async () => {
    const big = new Blob(['x'.repeat(IMPORT_LIMITS.megabytes * 1_000_000 + 1)]);
    const text = vi.spyOn(big, 'text');
    expect(await fromPostmanFile(big)).toEqual({
      ok: false,
      message: `The file is larger than ${IMPORT_LIMITS.megabytes} MB, the most an import may be: nothing was imported.`,
    });
    expect(text).not.toHaveBeenCalled();
    const small = new Blob([JSON.stringify(collection([request('r', '{{baseUrl}}/api/x', [])]))]);
    expect(await fromPostmanFile(small)).toMatchObject({ ok: true, saved: [{ name: 'r' }] });
  });
});

describe('Postman variables', () => {
  it('exports the organization’s variables, a secret-named one empty, and imports them back with their values', () => {
    const exported = toPostman(SAVED, {
      name: 'x',
      baseUrl: 'https://a/TDWebApi',
      variables: [
        { name: 'appId', value: '31' },
        { name: 'userPassword', value: 'hunter2' },
        { name: 'token', value: 'not ours' },
      ],
    });
    expect(exported.variable).toEqual([
      { key: 'baseUrl', value: 'https://a/TDWebApi' },
      { key: 'token', value: '' },
      { key: 'appId', value: '31' },
      { key: 'userPassword', value: '' },
    ]);
    expect(JSON.stringify(exported)).not.toContain('hunter2');
    expect(fromPostman(JSON.stringify(exported))).toMatchObject({
      ok: true,
      variables: [
        { name: 'appId', value: '31' },
        { name: 'userPassword', value: '' },
      ],
    });
  });

  it('imports a collection’s variables and keeps {{name}} in the path; only undefined ones are named as lost', () => {
    const file = {
      ...collection([request('Ticket', '{{baseUrl}}/api/{{appId}}/tickets/{{ticketId}}', [])]),
      variable: [
        { key: 'appId', value: '31' },
        { key: 'off', value: '1', disabled: true },
        { key: 'apiKey', value: 'k-1' },
        { key: 'bad name', value: 'x' },
        { key: 'count', value: 5 },
      ],
    };
    const read = fromPostman(JSON.stringify(file));
    expect(read).toEqual({
      ok: true,
      saved: [expect.objectContaining({ name: 'Ticket', path: '{{appId}}/tickets/{{ticketId}}' })],
      variables: [
        { name: 'appId', value: '31' },
        { name: 'apiKey', value: 'k-1' },
        { name: 'count', value: '5' },
      ],
      skipped: [],
      lost: ['Ticket: the value of {{ticketId}} (not in the file: add it under Variables)'],
    });
  });

  it('reads a Postman environment file’s enabled values', () => {
    const environment = {
      name: 'Sandbox',
      _postman_variable_scope: 'environment',
      values: [
        { key: 'ticketId', value: '7', enabled: true },
        { key: 'skipped', value: '1', enabled: false },
        { key: 'baseUrl', value: 'https://elsewhere' },
      ],
    };
    expect(fromPostman(JSON.stringify(environment))).toEqual({
      ok: true,
      saved: [],
      variables: [{ name: 'ticketId', value: '7' }],
      skipped: [],
      lost: [],
    });
  });
});
