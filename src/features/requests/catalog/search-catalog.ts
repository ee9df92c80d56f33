import type { CatalogEntry } from '@contract/catalog/catalog-entry';
import { CATALOG } from '@contract/catalog/catalog-data';
import { API_METHODS } from '@contract/web-api/methods';

/** Singular and plural alike: "ticket" finds "Tickets" as well as "Ticket Statuses". */
function stem(word: string): string {
  return word.length > 3 ? word.replace(/s$/, '') : word;
}

function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '')
    .map(stem);
}

interface Indexed {
  entry: CatalogEntry;
  area: string[];
  /** The path's literal segments, without `api` and the `{…}` parameters. */
  segments: string[];
  method: string;
  text: string;
}

function index(entry: CatalogEntry): Indexed {
  const literal = entry.path
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api' && !segment.startsWith('{'))
    .join(' ');
  return {
    entry,
    area: tokens(entry.area),
    segments: tokens(literal),
    method: entry.method.toLowerCase(),
    text: `${entry.area} ${entry.path} ${entry.summary}`.toLowerCase(),
  };
}

/** How well one query word fits an entry; 0 is no match. Whole words beat prefixes beat substrings. */
function wordScore(word: string, item: Indexed): number {
  if (word === item.method) return 3;
  if (item.area.includes(word)) return 6;
  if (item.segments.includes(word)) return 5;
  if (item.area.some((token) => token.startsWith(word))) return 4;
  if (item.segments.some((token) => token.startsWith(word))) return 3;
  return item.text.includes(word) ? 1 : 0;
}

function byRank(a: { item: Indexed; score: number }, b: { item: Indexed; score: number }): number {
  return (
    b.score - a.score ||
    a.item.entry.area.length - b.item.entry.area.length ||
    a.item.entry.path.length - b.item.entry.path.length ||
    API_METHODS.indexOf(a.item.entry.method) - API_METHODS.indexOf(b.item.entry.method)
  );
}

function searchIn(entries: readonly CatalogEntry[]) {
  const indexed = entries.map(index);
  return (query: string): CatalogEntry[] => {
    const trimmed = query.trim().toLowerCase();
    if (trimmed === '') return [...entries];
    if (trimmed.includes('/')) {
      // A path fragment, as typed or pasted (a query string is not part of the template).
      const fragment = trimmed.split('?')[0]!;
      return indexed
        .filter((item) => item.entry.path.toLowerCase().includes(fragment))
        .map((item) => ({ item, score: item.entry.path.toLowerCase().endsWith(fragment) ? 1 : 0 }))
        .sort(byRank)
        .map(({ item }) => item.entry);
    }
    const words = tokens(trimmed);
    const ranked: { item: Indexed; score: number }[] = [];
    for (const item of indexed) {
      let score = 0;
      for (const word of words) {
        const fit = wordScore(word, item);
        if (fit === 0) {
          score = 0;
          break;
        }
        score += fit;
      }
      if (score > 0) ranked.push({ item, score });
    }
    return ranked.sort(byRank).map(({ item }) => item.entry);
  };
}

let searchCatalogEntries: ((query: string) => CatalogEntry[]) | undefined;

/**
 * The catalog entries that match every word of the query (in the area, the path's words or the summary), best
 * first; a query with a `/` is a path fragment. An empty query returns the whole catalog, grouped by area.
 */
export function searchCatalog(query: string): CatalogEntry[] {
  searchCatalogEntries ??= searchIn(CATALOG);
  return searchCatalogEntries(query);
}
