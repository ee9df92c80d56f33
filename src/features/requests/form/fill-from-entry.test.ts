import { describe, expect, it } from 'vitest';
import { CATALOG } from '@contract/catalog/catalog-data';
import { fillFromEntry } from './fill-from-entry.ts';

const entry = (method: string, path: string) => {
  const found = CATALOG.find((item) => item.method === method && item.path === path);
  if (!found) throw new Error(`no catalog entry ${method} ${path}`);
  return found;
};

describe('fillFromEntry', () => {
  it('turns path parameters into empty fields, in template order', () => {
    const form = fillFromEntry(entry('DELETE', '/api/{appId}/assets/{assetId}/users/{resourceID}'));
    expect(form.method).toBe('DELETE');
    expect(form.pathTemplate).toBe('/api/{appId}/assets/{assetId}/users/{resourceID}');
    expect(form.pathParams).toEqual([
      { name: 'appId', value: '' },
      { name: 'assetId', value: '' },
      { name: 'resourceID', value: '' },
    ]);
    expect(form.body).toBe('');
  });

  it('turns query parameters into rows with their type and whether they are required', () => {
    const form = fillFromEntry(entry('GET', '/api/people/lookup'));
    expect(form.query).toEqual([
      { name: 'searchText', value: '', type: 'string', required: true },
      { name: 'maxResults', value: '', type: 'string', required: true },
    ]);
  });

  it('gives a body skeleton where a description has a schema for it', () => {
    const form = fillFromEntry(entry('POST', '/api/auth/loginadmin'));
    expect(JSON.parse(form.body)).toEqual({ BEID: '', WebServicesKey: '' });
    expect(JSON.parse(fillFromEntry(entry('POST', '/api/auth/login')).body)).toEqual({
      username: '',
      password: '',
    });
  });

  it('gives the catalog’s skeleton for the common bodies: a ticket, a search, a JSON Patch', () => {
    expect(JSON.parse(fillFromEntry(entry('POST', '/api/{appId}/tickets')).body)).toMatchObject({
      TypeID: 0,
      Title: '',
    });
    expect(JSON.parse(fillFromEntry(entry('POST', '/api/{appId}/tickets/search')).body)).toHaveProperty(
      'MaxResults',
    );
    expect(JSON.parse(fillFromEntry(entry('PATCH', '/api/people/{uid}')).body)).toEqual([
      { op: 'add', path: '/Title', value: '' },
    ]);
  });

  it('starts an edit that replaces the record whole from no change, not from a skeleton that would clear it', () => {
    for (const path of ['/api/people/{uid}', '/api/{appId}/tickets/{id}', '/api/{appId}/assets/{id}']) {
      expect(fillFromEntry(entry('POST', path)).body, path).toBe('{}');
    }
  });
});
