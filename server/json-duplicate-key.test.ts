import { describe, expect, it } from 'vitest';
import { findDuplicateKey } from './json-duplicate-key.ts';

describe('findDuplicateKey', () => {
  it.each([
    '{}',
    '[]',
    '"text"',
    '{"a": 1, "b": {"a": 2}, "c": [{"a": 3}, {"a": 4}]}',
    '{"a": "{\\"a\\": 1, \\"a\\": 2}", "b": "x,y:z[]"}',
    '{"a\\"": 1, "a": 2}',
    '[{"a": 1}, {"a": 1}]',
  ])('finds none in %s', (text) => {
    expect(findDuplicateKey(text)).toBeNull();
  });

  it.each([
    ['{"a": 1, "a": 2}', [], 'a'],
    ['{"a": 1, "\\u0061": 2}', [], 'a'],
    ['{"x": {"b": [1, {"c": 1}], "b": 2}}', ['x'], 'b'],
    ['{"list": [{"k": 1}, {"k": 1, "v": "\\\\", "k": 2}]}', ['list', 1], 'k'],
    ['[[0], [{"": 1, "": 2}]]', [1, 0], ''],
  ])('finds the repeated key of %s and where its object sits', (text, path, key) => {
    expect(findDuplicateKey(text)).toEqual({ path, key });
  });
});
