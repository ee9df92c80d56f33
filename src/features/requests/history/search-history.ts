import type { ApiMethod } from '@contract/web-api/methods';
import type { HistoryEntry } from './history-entry';

/** What History is searched by: each part left empty (or `any`) matches every entry. */
export interface HistorySearch {
  method: ApiMethod | 'any';
  /** A status (`404`), a class (`4xx`), or `none` for requests that got no answer. */
  status: string;
  /** Words in the path (its query included), the request's body or, given `inAnswers`, the kept answer. */
  text: string;
}

export const ANY_ENTRY: HistorySearch = { method: 'any', status: '', text: '' };

function statusMatches(status: number | null, wanted: string): boolean {
  const w = wanted.trim().toLowerCase();
  if (w === '') return true;
  if (w === 'none') return status === null;
  if (status === null) return false;
  if (/^[1-5]xx$/.test(w)) return Math.floor(status / 100) === Number(w[0]);
  return String(status) === w;
}

/**
 * The entries that match, in their order. `inAnswers`: the ids of entries whose kept answer holds the text (read
 * from storage, where the answers are).
 */
export function searchHistory(
  entries: readonly HistoryEntry[],
  search: HistorySearch,
  inAnswers: ReadonlySet<string> = new Set(),
): HistoryEntry[] {
  const text = search.text.trim().toLowerCase();
  return entries.filter(
    (e) =>
      (search.method === 'any' || e.request.method === search.method) &&
      statusMatches(e.status, search.status) &&
      (text === '' ||
        e.request.path.toLowerCase().includes(text) ||
        (e.request.bodyText ?? '').toLowerCase().includes(text) ||
        inAnswers.has(e.id)),
  );
}
