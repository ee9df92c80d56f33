import { describe, expect, it } from 'vitest';
import { fromPostman, POSTMAN_SCHEMA, toPostman } from './postman-collection';
import { savedFrom, type SavedRequest } from './saved-request';
import { newQueryParam } from '../form/request-form';

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
    expect(collection.item[1]!.request.url).toEqual({
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
    expect(collection.item[2]!.request.body?.raw).toContain('<redacted>');
  });
});

describe('fromPostman', () => {
  it('round-trips what was exported', () => {
    const text = JSON.stringify(toPostman(SAVED, { name: 'x', baseUrl: 'https://a/TDWebApi' }));
    expect(fromPostman(text)).toEqual({ ok: true, saved: SAVED, skipped: [] });
  });

  it('flattens folders, masks a secret in a file, names what it skips', () => {
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
      saved: [{ name: 'Login', method: 'POST', path: 'auth/login', masked: true }],
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
});
