import type { CatalogEntry } from '@contract/catalog/catalog-entry';

export interface AreaGroup {
  area: string;
  entries: CatalogEntry[];
}

/** Entries under their area, areas in the order they first appear (so a ranked search keeps its best area first). */
export function groupByArea(entries: readonly CatalogEntry[]): AreaGroup[] {
  const groups = new Map<string, CatalogEntry[]>();
  for (const entry of entries) {
    const group = groups.get(entry.area);
    if (group) group.push(entry);
    else groups.set(entry.area, [entry]);
  }
  return [...groups].map(([area, list]) => ({ area, entries: list }));
}
