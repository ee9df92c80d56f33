import { describe, expect, it } from 'vitest';
import { CATALOG } from '@contract/catalog/catalog-data';
import { searchCatalog } from './search-catalog.ts';

const label = (entry: { method: string; path: string }) => `${entry.method} ${entry.path}`;

describe('searchCatalog', () => {
  it('returns the whole catalog, grouped by area, for an empty query', () => {
    const all = searchCatalog('  ');
    expect(all).toHaveLength(CATALOG.length);
    const areas = all.map((entry) => entry.area);
    expect(areas).toEqual([...areas].sort((a, b) => a.localeCompare(b)));
  });

  it('finds the Tickets area first for "ticket", and only ticket-related endpoints', () => {
    const found = searchCatalog('ticket');
    expect(found[0]).toMatchObject({ area: 'Tickets', path: '/api/{appId}/tickets' });
    expect(found.length).toBeGreaterThan(30);
    for (const entry of found) expect(`${entry.area} ${entry.path}`.toLowerCase()).toContain('ticket');
    expect(found.map((entry) => entry.area)).toContain('Ticket Statuses');
  });

  it('finds People lookup first for "people lookup"', () => {
    const found = searchCatalog('people lookup');
    expect(label(found[0]!)).toBe('GET /api/people/lookup');
    expect(found[0]!.emulated).toBe(true);
    for (const entry of found) expect(entry.path.toLowerCase()).toContain('lookup');
  });

  it('takes a query with a slash as a path fragment, the query string ignored', () => {
    const found = searchCatalog('tickets/{id}/feed');
    expect(found.map(label)).toContain('GET /api/{appId}/tickets/{id}/feed');
    for (const entry of found) expect(entry.path.toLowerCase()).toContain('tickets/{id}/feed');
    expect(searchCatalog('/api/people/lookup?searchText=ann').map(label)).toEqual(['GET /api/people/lookup']);
  });

  it('needs every word to match, in any letter case', () => {
    expect(searchCatalog('AUTH loginadmin').map(label)).toEqual(['POST /api/auth/loginadmin']);
    expect(searchCatalog('ticket nosuchword')).toEqual([]);
  });

  it('takes a method as a word', () => {
    const found = searchCatalog('post people');
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]).toMatchObject({ method: 'POST', path: '/api/people' });
  });
});
