import { describe, expect, it } from 'vitest';
import { groupByArea } from './group-by-area.ts';
import { searchCatalog } from './search-catalog.ts';

describe('groupByArea', () => {
  it('puts every entry under its area once, areas in order of first appearance', () => {
    const found = searchCatalog('ticket');
    const groups = groupByArea(found);
    expect(groups[0]!.area).toBe('Tickets');
    expect(groups.flatMap((group) => group.entries)).toHaveLength(found.length);
    expect(new Set(groups.map((group) => group.area)).size).toBe(groups.length);
    for (const group of groups) for (const entry of group.entries) expect(entry.area).toBe(group.area);
  });

  it('gives the whole catalog in its 57 areas', () => {
    expect(groupByArea(searchCatalog(''))).toHaveLength(57);
  });
});
