import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOG } from '@contract/catalog/catalog-data';
import { MASKED_SECRET } from '@contract/secret-fields';
import { formFromEntry, newQueryParam } from '../form/request-form';
import { savedFrom } from './saved-request';
import { SAVED_REQUESTS_KEY as KEY } from './saved-requests-key';
import { readSaved, useSavedStore } from './saved-store';

beforeEach(() => {
  localStorage.clear();
  useSavedStore.setState({ byOrganization: {} });
});

afterEach(() => vi.restoreAllMocks());

describe('useSavedStore', () => {
  it('keeps requests per connection in localStorage, replacing one of the same name, and deletes', () => {
    const form = {
      method: 'GET' as const,
      path: 'people/lookup',
      pathValues: {},
      query: [newQueryParam('searchText', 'a')],
      body: '',
    };
    const { save, remove } = useSavedStore.getState();
    save('/TDWebApi', [savedFrom('Lookup', form)]);
    save('/SBTDWebApi', [savedFrom('Lookup', form)]);
    save('/TDWebApi', [savedFrom(' Lookup ', { ...form, query: [newQueryParam('searchText', 'b')] })]);
    expect(useSavedStore.getState().byOrganization['/TDWebApi']).toEqual([
      expect.objectContaining({ name: 'Lookup', query: [{ name: 'searchText', value: 'b' }] }),
    ]);
    expect(readSaved(localStorage.getItem(KEY))['/SBTDWebApi']).toHaveLength(1);
    remove('/TDWebApi', 'Lookup');
    expect(useSavedStore.getState().byOrganization['/TDWebApi']).toEqual([]);
  });

  it('keeps a request’s folder, and reads back a folder written by hand with its names trimmed', () => {
    const form = { method: 'GET' as const, path: 'x', pathValues: {}, query: [], body: '' };
    useSavedStore.getState().save('org', [{ ...savedFrom('In', form), folder: ['Tickets', 'Bulk'] }]);
    expect(readSaved(localStorage.getItem(KEY)).org![0]!.folder).toEqual(['Tickets', 'Bulk']);
    const read = readSaved(
      JSON.stringify({
        org: [
          { ...form, name: 'a', folder: [' Tickets ', '', 7, 'Bulk'] },
          { ...form, name: 'b', folder: ['  '] },
          { ...form, name: 'c', folder: 'Tickets' },
        ],
      }),
    ).org!;
    expect(read.map((s) => s.folder)).toEqual([['Tickets', 'Bulk'], undefined, undefined]);
  });

  it('never stores a password or key: the secret rule masks them', () => {
    useSavedStore.getState().save('/TDWebApi', [
      savedFrom('Login', {
        method: 'POST',
        path: 'auth/login',
        pathValues: {},
        query: [newQueryParam('password', 'q-secret')],
        body: '{"username":"jdoe","password":"b-secret"}',
      }),
    ]);
    const stored = localStorage.getItem(KEY)!;
    expect(stored).not.toMatch(/secret/);
    expect(useSavedStore.getState().byOrganization['/TDWebApi']![0]!.masked).toBe(true);
  });

  it('reads back only well-formed entries, masking a secret written into storage by hand', () => {
    const byOrganization = readSaved(
      JSON.stringify({
        '/TDWebApi': [
          { name: 'ok', method: 'GET', path: 'auth/getuser', pathValues: {}, query: [], body: '' },
          { name: 'bad method', method: 'TRACE', path: 'x', query: [], body: '' },
          {
            name: 'key',
            method: 'POST',
            path: 'auth/loginadmin',
            query: [],
            body: '{"WebServicesKey":"k-secret"}',
          },
          'junk',
        ],
        '/x': 'junk',
      }),
    );
    const list = byOrganization['/TDWebApi']!;
    expect(list.map((s) => s.name)).toEqual(['ok', 'key']);
    expect(JSON.stringify(list)).not.toContain('k-secret');
    expect(byOrganization['/x']).toBeUndefined();
    expect(readSaved('not json')).toEqual({});
    expect(readSaved(null)).toEqual({});
  });

  it('never stores a token: the catalog’s webhook ?token={token}, and path values whose name says secret', () => {
    const webhook = CATALOG.find((e) => e.path === '/api/integrations/webhook')!;
    const form = formFromEntry(webhook);
    form.query[0]!.value = 'clear-webhook-token';
    const { save } = useSavedStore.getState();
    save('/TDWebApi', [savedFrom('Webhook', form)]);
    save('/TDWebApi', [
      savedFrom('Path key', {
        method: 'GET',
        path: 'things/{apiKey}/{id}',
        pathValues: { apiKey: 'clear-path-key', id: '7' },
        query: [],
        body: '',
      }),
    ]);
    const stored = localStorage.getItem(KEY)!;
    expect(stored).not.toMatch(/clear-/);
    const [webhookSaved, pathSaved] = readSaved(stored)['/TDWebApi']!;
    expect(webhookSaved).toMatchObject({ query: [{ name: 'token', value: MASKED_SECRET }], masked: true });
    expect(pathSaved).toMatchObject({ pathValues: { apiKey: MASKED_SECRET, id: '7' }, masked: true });
  });

  it('keeps many requests in one write to storage, replacing those of the same name in place', () => {
    const form = { method: 'GET' as const, path: 'x', pathValues: {}, query: [], body: '' };
    const { save } = useSavedStore.getState();
    save('/TDWebApi', [savedFrom('b', form)]);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const many = Array.from({ length: 1000 }, (_, i) => savedFrom(`n${i}`, { ...form, path: `p/${i}` }));
    expect(save('/TDWebApi', [savedFrom('a', form), savedFrom('b', { ...form, path: 'y' }), ...many])).toBe(
      true,
    );
    expect(setItem).toHaveBeenCalledTimes(1);
    const list = useSavedStore.getState().byOrganization['/TDWebApi']!;
    expect(list.slice(0, 2).map((s) => [s.name, s.path])).toEqual([
      ['b', 'y'],
      ['a', 'x'],
    ]);
    expect(list).toHaveLength(1002);
  });

  it('keeps nothing when the browser refuses the write (its storage full), and says so', () => {
    const form = { method: 'GET' as const, path: 'x', pathValues: {}, query: [], body: '' };
    const { save, remove } = useSavedStore.getState();
    save('/TDWebApi', [savedFrom('kept', form)]);
    const before = localStorage.getItem(KEY);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(save('/TDWebApi', [savedFrom('new', form)])).toBe(false);
    expect(remove('/TDWebApi', 'kept')).toBe(false);
    expect(useSavedStore.getState().byOrganization['/TDWebApi']!.map((s) => s.name)).toEqual(['kept']);
    expect(localStorage.getItem(KEY)).toBe(before);
  });

  it('reads connections and path values named like built-in properties as any other name', () => {
    const entry = { name: 'x', method: 'GET', path: 'a/{constructor}', query: [], body: '' };
    const byOrganization = readSaved(
      `{"__proto__":[${JSON.stringify({ ...entry, pathValues: { constructor: 'c' } })}],"constructor":[],"/TDWebApi":[]}`,
    );
    expect(Object.getPrototypeOf(byOrganization)).toBe(Object.prototype);
    expect(Object.keys(byOrganization)).toEqual(['__proto__', 'constructor', '/TDWebApi']);
    expect(Object.getOwnPropertyDescriptor(byOrganization, '__proto__')?.value).toMatchObject([
      { pathValues: { constructor: 'c' } },
    ]);
  });
});

describe('an organization’s saved requests', () => {
  const form = { method: 'GET' as const, path: 'people/lookup', pathValues: {}, query: [], body: '' };

  it('adopt moves what an older console kept under a connection’s base, renaming a name already there', () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({ 'http://localhost/TDWebApi': [savedFrom('Lookup', form), savedFrom('Other', form)] }),
    );
    useSavedStore.setState({ byOrganization: readSaved(localStorage.getItem(KEY)) });
    useSavedStore.getState().save('org', [savedFrom('Lookup', { ...form, path: 'people' })]);
    useSavedStore.getState().adopt('http://localhost/TDWebApi', 'org');
    const stored = readSaved(localStorage.getItem(KEY));
    expect(Object.keys(stored)).toEqual(['org']);
    expect(stored.org!.map((s) => [s.name, s.path])).toEqual([
      ['Lookup', 'people'],
      ['Lookup (2)', 'people/lookup'],
      ['Other', 'people/lookup'],
    ]);
  });

  it('removes an import’s requests in one step, keeping the rest', () => {
    const { save, removeImport } = useSavedStore.getState();
    save('org', [savedFrom('Mine', form)]);
    save('org', [
      { ...savedFrom('A', form), importId: 'i1' },
      { ...savedFrom('B', form), importId: 'i1' },
    ]);
    expect(readSaved(localStorage.getItem(KEY)).org!.map((s) => s.importId)).toEqual([undefined, 'i1', 'i1']);
    removeImport('org', 'i1');
    expect(readSaved(localStorage.getItem(KEY)).org!.map((s) => s.name)).toEqual(['Mine']);
  });
});
