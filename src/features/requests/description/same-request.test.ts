import { describe, expect, it } from 'vitest';
import { sameRequest } from './same-request';

describe('sameRequest', () => {
  const lookup = { method: 'GET', path: '/api/people/lookup?searchText=doe' } as const;

  it('is the same call when method, path with query and body agree', () => {
    expect(sameRequest(lookup, { ...lookup })).toBe(true);
    expect(sameRequest({ ...lookup, bodyText: '{}' }, { ...lookup, bodyText: '{}' })).toBe(true);
  });

  it('is another call when the method, the query or the body differ', () => {
    expect(sameRequest(lookup, { ...lookup, method: 'POST' })).toBe(false);
    expect(sameRequest(lookup, { ...lookup, path: '/api/people/lookup?searchText=smith' })).toBe(false);
    expect(sameRequest({ ...lookup, bodyText: '{}' }, { ...lookup, bodyText: '{"a":1}' })).toBe(false);
    expect(sameRequest(lookup, { ...lookup, bodyText: '{}' })).toBe(false);
  });
});
