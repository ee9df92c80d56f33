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
    ['{', 1, 2, 'expected a property name in double quotes, the text ends too early'],
    ['', 1, 1, 'expected a value, the text ends too early'],
    ['{\n  "a": 1,\n}', 3, 1, 'expected a property name in double quotes, unexpected "}"'],
    ['{\n  "a": 1\n  "b": 2\n}', 3, 3, 'expected "," or "}", unexpected "\\""'],
    ['{"a": [1, 2}', 1, 12, 'expected "," or "]", unexpected "}"'],
    ['{"a" 1}', 1, 6, 'expected ":", unexpected "1"'],
    ['{"a": tru}', 1, 7, 'expected a value, unexpected "t"'],
    ['{"a": 1}x', 1, 9, 'expected the end of the text, unexpected "x"'],
    ['{"a": "b\nc"}', 1, 9, 'a control character (such as a line break) in a string'],
    ['{"a": "b\\x"}', 1, 9, 'a bad escape in a string'],
    ['{"a": "b', 1, 9, 'a string is not closed'],
    ['[01]', 1, 3, 'expected "," or "]", unexpected "1"'],
    ['{"a": -}', 1, 7, 'expected a value, unexpected "-"'],
  ])('finds where %j stops being JSON: line %i, column %i', (text, line, column, reason) => {
    expect(parses(text)).toBe(false);
    expect(findJsonSyntaxError(text, 64)).toMatchObject({ line, column, reason, tooDeep: false });
  });

  it('stops at maxDepth, however deep the text, without running out of stack', () => {
    const open = '['.repeat(200_000);
    expect(findJsonSyntaxError(open, 64)).toEqual({
      offset: 64,
      line: 1,
      column: 65,
      reason: 'nested more than 64 levels deep',
      tooDeep: true,
    });
    expect(findJsonSyntaxError(`${'['.repeat(64)}${']'.repeat(64)}`, 64)).toBeNull();
  });

  it('never repeats more of the text than the one character it stopped at', () => {
    const secret = 'Sup3r-secret';
    const error = findJsonSyntaxError(`{"Password": "${secret}",\n "x": ${secret}}`, 64);
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
        expect(findJsonSyntaxError(candidate, 512) === null).toBe(parses(candidate));
      }),
      { numRuns: 3000 },
    );
  });
});
