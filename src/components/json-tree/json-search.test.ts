import { describe, expect, it } from 'vitest';
import { containersWithMatches, highlightParts, searchPattern } from './json-search';

describe('containersWithMatches', () => {
  it('finds the containers that hold a match in a name or a value, and their parents, not their siblings', () => {
    const hit = { Name: 'Ann SMITH' };
    const miss = { Name: 'Bob' };
    const keyHit = { 'x-smith-id': 1 };
    const list = [hit, miss, keyHit, 7];
    const value = { list, other: { n: null } };
    const found = containersWithMatches(value, searchPattern('smith'));
    expect([...found]).toHaveLength(4);
    for (const c of [hit, keyHit, list, value]) expect(found.has(c)).toBe(true);
    expect(found.has(miss)).toBe(false);
    expect(containersWithMatches(value, searchPattern('null')).has(value.other)).toBe(true);
    // Characters of a pattern's own are sought as themselves.
    expect(containersWithMatches({ a: 'a.b' }, searchPattern('.')).size).toBe(1);
    expect(containersWithMatches({ a: 'ab' }, searchPattern('.')).size).toBe(0);
  });

  it('walks a value nested deeper than the call stack reaches', () => {
    let deep: unknown = { end: 'needle' };
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(containersWithMatches(deep, searchPattern('NEEDLE')).size).toBe(100_001);
  });
});

describe('highlightParts', () => {
  it('marks every match in any letter case, keeping the text as written', () => {
    expect(highlightParts('Smith, smithy SMITH', searchPattern('smith'))).toEqual([
      { text: 'Smith', match: true },
      { text: ', ', match: false },
      { text: 'smith', match: true },
      { text: 'y ', match: false },
      { text: 'SMITH', match: true },
    ]);
    expect(highlightParts('none', searchPattern('x'))).toEqual([{ text: 'none', match: false }]);
  });
});
