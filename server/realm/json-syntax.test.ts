import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findJsonSyntaxError } from './json-syntax.ts';

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('findJsonSyntaxError', () => {
  it.each([
    ['{', 1, 2, 'the text ends where a double-quoted property name was expected'],
    ['', 1, 1, 'the text ends where a value was expected'],
    ['{\n  "a": 1,\n}', 3, 1, "'}' where a double-quoted property name was expected"],
    ['{\n  "a": 1\n  "b": 2\n}', 3, 3, `'"' where ',' or '}' after a property was expected`],
    ['{"a": [1, 2}', 1, 12, "'}' where ',' or ']' after an array element was expected"],
    ['{"a" 1}', 1, 6, "'1' where ':' after a property name was expected"],
    ['{"a": tru}', 1, 7, "'t' where a value was expected"],
    ['{"a": 1}x', 1, 9, "'x' after the end of the JSON value"],
    ['{"a": "b\nc"}', 1, 9, 'a line break or other control character inside a string'],
    ['{"a": "b\\x"}', 1, 9, 'a backslash in a string that is not one of JSON’s escapes'],
    ['{"a": "b', 1, 9, 'the text ends inside a string'],
    ['[01]', 1, 3, "'1' where ',' or ']' after an array element was expected"],
    ['{"a": -}', 1, 7, "'-' where a value was expected"],
  ])('finds where %j stops being JSON: line %i, column %i', (text, line, column, reason) => {
    expect(parses(text)).toBe(false);
    expect(findJsonSyntaxError(text)).toEqual({ line, column, reason });
  });

  it('never repeats more of the text than the one character it stopped at', () => {
    const secret = 'Sup3r-secret';
    const error = findJsonSyntaxError(`{"Password": "${secret}",\n "x": ${secret}}`);
    expect(error).toMatchObject({ line: 2, column: 7 });
    expect(error?.reason).not.toContain('Sup');
  });

  it('agrees with JSON.parse on which texts are JSON', () => {
    const text = fc.oneof(
      fc.string({
        unit: fc.constantFrom(
          '{',
          '}',
          '[',
          ']',
          '"',
          ':',
          ',',
          ' ',
          '\n',
          '1',
          '-',
          '.',
          'e',
          'a',
          '\\',
          't',
          'u',
          'n',
          'l',
        ),
      }),
      fc
        .json()
        .chain((json) =>
          fc
            .tuple(fc.nat({ max: json.length }), fc.constantFrom('', ',', '}', '"', ']', ' x'))
            .map(([at, insert]) => json.slice(0, at) + insert + json.slice(at)),
        ),
      fc.json().map((json) => json.slice(0, -1)),
    );
    fc.assert(
      fc.property(text, (candidate) => {
        expect(findJsonSyntaxError(candidate) === null).toBe(parses(candidate));
      }),
      { numRuns: 3000 },
    );
  });
});
