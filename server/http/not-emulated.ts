import type { CatalogEntry } from '../../contract/catalog/catalog-entry.ts';
import { ApiError } from './errors.ts';

interface Template {
  /** Lower-case literal segments; null where the template has a `{…}` parameter. */
  segments: (string | null)[];
  captures: number;
  entries: CatalogEntry[];
}

function compile(catalog: readonly CatalogEntry[]): Map<number, Template[]> {
  const byPath = new Map<string, CatalogEntry[]>();
  for (const entry of catalog) {
    if (entry.emulated) continue;
    const key = entry.path.toLowerCase();
    byPath.set(key, [...(byPath.get(key) ?? []), entry]);
  }
  const byLength = new Map<number, Template[]>();
  for (const [path, entries] of byPath) {
    const segments = path
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => (segment.startsWith('{') ? null : segment));
    const template = { segments, captures: segments.filter((s) => s === null).length, entries };
    byLength.set(segments.length, [...(byLength.get(segments.length) ?? []), template]);
  }
  // Literal segments win over parameters, as in the router: /tickets/search is not a ticket id.
  for (const templates of byLength.values()) templates.sort((a, b) => a.captures - b.captures);
  return byLength;
}

function matches(template: Template, segments: string[]): boolean {
  return template.segments.every((literal, i) => literal === null || literal === segments[i]!.toLowerCase());
}

function describe(template: Template, entry: CatalogEntry | undefined, partlyEmulated: Set<string>) {
  const shown = entry ?? template.entries[0]!;
  const methods = entry ? entry.method : template.entries.map((e) => e.method).join(', ');
  const what = partlyEmulated.has(shown.area)
    ? `this endpoint of the ${shown.area} area`
    : `the ${shown.area} area`;
  return (
    `The emulator does not implement ${what} (${methods} ${shown.path}): it answers the Auth area and ` +
    'the People samples that its openapi.json lists. Send this request to a real tenant instead.'
  );
}

/**
 * For a request no route answers: the 404 `not_emulated` naming the catalog endpoint it is, or undefined when the
 * path is in no catalog entry. Templates are compiled on the first miss, and only misses pay for the look-up.
 */
export function notEmulated(catalog: readonly CatalogEntry[]) {
  let compiled: Map<number, Template[]> | undefined;
  let partlyEmulated: Set<string> | undefined;
  /** `sameMethodOnly`: the path is a route's, so only a catalog entry with this very method says more than 405. */
  return (method: string, segments: string[], sameMethodOnly: boolean): ApiError | undefined => {
    compiled ??= compile(catalog);
    partlyEmulated ??= new Set(catalog.filter((e) => e.emulated).map((e) => e.area));
    for (const template of compiled.get(segments.length) ?? []) {
      if (!matches(template, segments)) continue;
      const entry = template.entries.find((e) => e.method === method);
      if (!entry && sameMethodOnly) continue;
      return new ApiError(404, 'not_emulated', describe(template, entry, partlyEmulated));
    }
    return undefined;
  };
}
