import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from './history-entry';
import { ANY_ENTRY, searchHistory } from './search-history';

const entry = (id: string, method: 'GET' | 'POST', path: string, status: number | null, body?: string) =>
  ({ id, status, request: { method, path, ...(body ? { bodyText: body } : {}) } }) as HistoryEntry;

const ENTRIES = [
  entry('a', 'GET', '/api/people/lookup?searchText=doe', 200),
  entry('b', 'POST', '/api/31/tickets/search', 404, '{"StatusIDs":[5]}'),
  entry('c', 'GET', '/api/people/9', null),
  entry('d', 'POST', '/api/people/search', 429),
];

const ids = (found: HistoryEntry[]) => found.map((e) => e.id);

describe('searchHistory', () => {
  it('matches by method, status (a code, a class or none) and text in the path or body', () => {
    expect(ids(searchHistory(ENTRIES, ANY_ENTRY))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(searchHistory(ENTRIES, { ...ANY_ENTRY, method: 'POST' }))).toEqual(['b', 'd']);
    expect(ids(searchHistory(ENTRIES, { ...ANY_ENTRY, status: '4xx' }))).toEqual(['b', 'd']);
    expect(ids(searchHistory(ENTRIES, { ...ANY_ENTRY, status: ' 404 ' }))).toEqual(['b']);
    expect(ids(searchHistory(ENTRIES, { ...ANY_ENTRY, status: 'None' }))).toEqual(['c']);
    expect(ids(searchHistory(ENTRIES, { ...ANY_ENTRY, text: 'PEOPLE' }))).toEqual(['a', 'c', 'd']);
    expect(ids(searchHistory(ENTRIES, { ...ANY_ENTRY, text: 'statusids' }))).toEqual(['b']);
    expect(ids(searchHistory(ENTRIES, { method: 'GET', status: '2xx', text: 'doe' }))).toEqual(['a']);
  });

  it('matches the entries whose kept answer holds the text', () => {
    expect(ids(searchHistory(ENTRIES, { ...ANY_ENTRY, text: 'Jane' }, new Set(['c'])))).toEqual(['c']);
  });
});
