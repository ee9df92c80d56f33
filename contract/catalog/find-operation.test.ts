import { describe, expect, it } from 'vitest';
import { CATALOG } from './catalog-data.ts';
import { operationFinder } from './find-operation.ts';

const find = operationFinder(CATALOG);
const named = (method: string, path: string) => {
  const entry = find(method, path);
  return entry && `${entry.method} ${entry.path}`;
};

describe('the catalog operation a request is', () => {
  it('finds a concrete call’s operation, ids folded, in any letter case, its query left aside', () => {
    expect(named('GET', '/api/31/tickets/7')).toBe('GET /api/{appId}/tickets/{id}');
    expect(named('post', '/API/31/Tickets/7?notifyNewResponsible=true')).toBe(
      'POST /api/{appId}/tickets/{id}',
    );
    expect(named('PATCH', '/api/people/5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f10')).toBe(
      'PATCH /api/people/{uid}',
    );
  });

  it('prefers a literal segment to a parameter, as the service routes: a search is the search, not a record', () => {
    expect(named('POST', '/api/31/tickets/search')).toBe('POST /api/{appId}/tickets/search');
    expect(find('POST', '/api/31/tickets/search')?.effect).toBe('read');
    expect(named('POST', '/api/people/search')).toBe('POST /api/people/search');
    expect(named('POST', '/api/people/jdoe')).toBe('POST /api/people/{uid}');
    expect(find('POST', '/api/people/jdoe')?.effect).toBe('write');
  });

  it('takes a path written as a template, and decodes a segment once', () => {
    expect(named('POST', '/api/{appId}/assets/search')).toBe('POST /api/{appId}/assets/search');
    expect(named('POST', '/api/31/assets/%73earch')).toBe('POST /api/{appId}/assets/search');
    expect(named('GET', '/api/31/tickets/%E0%A4%A')).toBe('GET /api/{appId}/tickets/{id}');
  });

  it('finds nothing for a method or path the catalog lacks', () => {
    expect(find('DELETE', '/api/people/search')).toBeUndefined();
    expect(find('GET', '/api/no/such/thing/here')).toBeUndefined();
    expect(find('GET', '/')).toBeUndefined();
  });
});
