import { describe, expect, it } from 'vitest';
import { CATALOG } from '@contract/catalog/catalog-data';
import {
  buildRequest,
  FORM_LIMITS,
  formFromEntry,
  newQueryParam,
  placeholdersOf,
  type RequestForm,
} from './request-form';

/** Built for the emulator's own connection unless another base is named. */
const build = (built: RequestForm, base = '/TDWebApi') => buildRequest(built, base);

const form = (change: Partial<RequestForm>): RequestForm => ({
  method: 'GET',
  path: 'auth/getuser',
  pathValues: {},
  query: [],
  body: '',
  ...change,
});

describe('placeholdersOf', () => {
  it('names each {placeholder} once, in order', () => {
    expect(placeholdersOf('{appId}/tickets/{id}/assets/{id}')).toEqual(['appId', 'id']);
    expect(placeholdersOf('people/lookup')).toEqual([]);
  });
});

describe('formFromEntry', () => {
  it('fills the form from a catalog endpoint, its path below /api/', () => {
    const entry = CATALOG.find((e) => e.method === 'GET' && e.path === '/api/people/lookup')!;
    const filled = formFromEntry(entry);
    expect(filled).toMatchObject({ method: 'GET', path: 'people/lookup', pathValues: {}, body: '' });
    expect(filled.query.map((q) => q.name)).toEqual(['searchText', 'maxResults']);
  });
});

describe('buildRequest', () => {
  it('fills path parameters (encoded) and appends the named query rows', () => {
    const built = build(
      form({
        path: '{appId}/tickets/{id}',
        pathValues: { appId: '12', id: 'a b/c' },
        query: [
          newQueryParam('searchText', 'jane doe&x'),
          newQueryParam('', 'ignored'),
          newQueryParam('max', '5'),
        ],
      }),
    );
    expect(built).toEqual({
      ok: true,
      request: { method: 'GET', path: '/api/12/tickets/a%20b%2Fc?searchText=jane+doe%26x&max=5' },
    });
  });

  it('leaves a row with no value out of the URL, rather than sending name=', () => {
    const built = build(
      form({
        path: 'people/lookup',
        query: [newQueryParam('searchText', 'doe'), newQueryParam('maxResults', '')],
      }),
    );
    expect(built).toEqual({
      ok: true,
      request: { method: 'GET', path: '/api/people/lookup?searchText=doe' },
    });
    expect(build(form({ path: 'people/lookup', query: [newQueryParam('searchText', '')] }))).toEqual({
      ok: true,
      request: { method: 'GET', path: '/api/people/lookup' },
    });
  });

  it('reads placeholders named like built-in properties as any other name', () => {
    const path = 'people/{constructor}/{__proto__}/{toString}/{hasOwnProperty}';
    expect(build(form({ path }))).toEqual({
      ok: false,
      errors: {
        pathValues: Object.fromEntries(
          ['constructor', '__proto__', 'toString', 'hasOwnProperty'].map((n) => [n, `Fill in ${n}.`]),
        ),
      },
    });
    const pathValues = Object.fromEntries([
      ['constructor', 'a'],
      ['__proto__', 'b'],
      ['toString', 'c'],
      ['hasOwnProperty', 'd'],
    ]);
    expect(build(form({ path, pathValues }))).toEqual({
      ok: true,
      request: { method: 'GET', path: '/api/people/a/b/c/d' },
    });
  });

  it(`refuses a path with more than ${FORM_LIMITS.pathParameters} parameters, naming the limit`, () => {
    const names = Array.from({ length: FORM_LIMITS.pathParameters + 1 }, (_, i) => `p${i}`);
    const pathValues = Object.fromEntries(names.map((n) => [n, 'v']));
    const path = names.map((n) => `{${n}}`).join('/');
    expect(build(form({ path: path.replace('{p0}/', ''), pathValues }))).toMatchObject({ ok: true });
    expect(build(form({ path, pathValues }))).toEqual({
      ok: false,
      errors: {
        path: `The path has more than ${FORM_LIMITS.pathParameters} path parameters, the most the form holds.`,
      },
    });
  });

  it('accepts a path typed with its /api/ prefix', () => {
    expect(build(form({ path: '/api/auth/getuser' }))).toMatchObject({
      ok: true,
      request: { path: '/api/auth/getuser' },
    });
  });

  it('asks for a path when there is none (a new request), rather than calling /api/ itself', () => {
    expect(build(form({ path: ' / ' }))).toEqual({ ok: false, errors: { path: 'Fill in the path.' } });
  });

  it('names each empty path parameter', () => {
    expect(build(form({ path: 'people/{uid}', pathValues: { uid: ' ' } }))).toEqual({
      ok: false,
      errors: { pathValues: { uid: 'Fill in uid.' } },
    });
  });

  it('refuses a path that leaves /api/ or carries its own query', () => {
    for (const path of ['../auth', 'people/./x', 'people/%2e%2e/x'])
      expect(build(form({ path }))).toMatchObject({
        ok: false,
        errors: { path: /stay under \/api\// },
      });
    expect(build(form({ path: 'people/lookup?x=1' }))).toMatchObject({
      ok: false,
      errors: { path: /query parameters in the rows/ },
    });
  });

  it('refuses a path the browser would take out of the connection: backslashes, encoded dots', () => {
    for (const path of [
      '..\\..\\..\\relay\\other\\api\\auth\\getuser',
      'auth\\..\\..\\..\\SBTDWebApi\\api\\auth\\getuser',
      '.%2E\\x',
      '%2e%2e\\%2e%2e\\idp',
    ]) {
      expect([path, build(form({ path }))]).toMatchObject([
        path,
        { ok: false, errors: { path: /stay under \/api\// } },
      ]);
    }
  });

  it('decides with the browser’s own parsing, against the connection it will be sent to', () => {
    const base = `${window.location.origin}/relay/acme`;
    expect(build(form({ path: 'people\\x' }), '/relay/acme')).toMatchObject({ ok: true });
    expect(build(form({ path: '..\\..\\other\\api\\x' }), '/relay/acme')).toMatchObject({
      ok: false,
    });
    expect(build(form({ path: '..\\..\\other\\api\\x' }), base)).toMatchObject({ ok: false });
    expect(build(form({ path: 'auth/getuser' }), base)).toMatchObject({ ok: true });
  });

  it('refuses a body that is not JSON, saying where it breaks, and sends nothing', () => {
    expect(build(form({ method: 'POST', path: 'people', body: '{\n  "a": 1,\n}' }))).toEqual({
      ok: false,
      errors: {
        body: 'Not valid JSON at line 3, column 1: expected a property name in double quotes, unexpected "}".',
      },
    });
  });

  it('sends a JSON body exactly as written, and refuses one on a GET', () => {
    const body = '{ "UserName": "x",  "n": 1.50 }';
    expect(build(form({ method: 'PUT', path: 'people/1', body }))).toEqual({
      ok: true,
      request: { method: 'PUT', path: '/api/people/1', bodyText: body },
    });
    expect(build(form({ body }))).toMatchObject({
      ok: false,
      errors: { body: /GET request has no body/ },
    });
  });
});
