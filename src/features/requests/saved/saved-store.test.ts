import { beforeEach, describe, expect, it } from 'vitest';
import { newQueryParam } from '../form/request-form';
import { savedFrom } from './saved-request';
import { SAVED_REQUESTS_KEY as KEY } from './saved-requests-key';
import { readSaved, useSavedStore } from './saved-store';

beforeEach(() => {
  localStorage.clear();
  useSavedStore.setState({ byConnection: {} });
});

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
    save('/TDWebApi', savedFrom('Lookup', form));
    save('/SBTDWebApi', savedFrom('Lookup', form));
    save('/TDWebApi', savedFrom(' Lookup ', { ...form, query: [newQueryParam('searchText', 'b')] }));
    expect(useSavedStore.getState().byConnection['/TDWebApi']).toEqual([
      expect.objectContaining({ name: 'Lookup', query: [{ name: 'searchText', value: 'b' }] }),
    ]);
    expect(readSaved(localStorage.getItem(KEY))['/SBTDWebApi']).toHaveLength(1);
    remove('/TDWebApi', 'Lookup');
    expect(useSavedStore.getState().byConnection['/TDWebApi']).toEqual([]);
  });

  it('never stores a password or key: the secret rule masks them', () => {
    useSavedStore.getState().save(
      '/TDWebApi',
      savedFrom('Login', {
        method: 'POST',
        path: 'auth/login',
        pathValues: {},
        query: [newQueryParam('password', 'q-secret')],
        body: '{"username":"jdoe","password":"b-secret"}',
      }),
    );
    const stored = localStorage.getItem(KEY)!;
    expect(stored).not.toMatch(/secret/);
    expect(useSavedStore.getState().byConnection['/TDWebApi']![0]!.masked).toBe(true);
  });

  it('reads back only well-formed entries, masking a secret written into storage by hand', () => {
    const byConnection = readSaved(
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
    const list = byConnection['/TDWebApi']!;
    expect(list.map((s) => s.name)).toEqual(['ok', 'key']);
    expect(JSON.stringify(list)).not.toContain('k-secret');
    expect(byConnection['/x']).toBeUndefined();
    expect(readSaved('not json')).toEqual({});
    expect(readSaved(null)).toEqual({});
  });
});
