import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '@/lib/mask-body';
import { checkJsonBody } from './json-body';

describe('checkJsonBody', () => {
  it('accepts JSON and an empty body', () => {
    expect(checkJsonBody('')).toEqual({ ok: true });
    expect(checkJsonBody('  \n')).toEqual({ ok: true });
    expect(checkJsonBody('{"a": [1, -2.5e3, true, null, "x\\u00e9\\n"], "b": {}}')).toEqual({ ok: true });
  });

  it.each([
    ['{\n  "a": 1,\n  "b" 2\n}', 3, 7, 'expected ":", unexpected "2"'],
    ['{"a":', 1, 6, 'expected a value, the text ends too early'],
    ['[1,2,]', 1, 6, 'expected a value, unexpected "]"'],
    ['{\n  "a": tru\n}', 2, 8, 'expected a value, unexpected "t"'],
    ["{'a': 1}", 1, 2, 'expected a property name in double quotes, unexpected "\'"'],
    ['{"a": 1} x', 1, 10, 'expected the end of the text, unexpected "x"'],
    ['{"a": "b\nc"}', 1, 9, 'a control character (such as a line break) in a string'],
    ['{"a": 01}', 1, 8, 'expected "," or "}", unexpected "1"'],
    ['[1 2]', 1, 4, 'expected "," or "]", unexpected "2"'],
    ['{"a": [1}', 1, 9, 'expected "," or "]", unexpected "}"'],
  ])('finds where %j breaks: line %i, column %i', (text, line, column, reason) => {
    const check = checkJsonBody(text);
    expect(check).toMatchObject({ ok: false, line, column });
    if (!check.ok) expect(check.message).toBe(`Not valid JSON at line ${line}, column ${column}: ${reason}.`);
  });

  it(`refuses a body nested deeper than ${MAX_JSON_DEPTH} levels, however deep, without running out of stack`, () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(checkJsonBody(nested(MAX_JSON_DEPTH))).toEqual({ ok: true });
    for (const depth of [MAX_JSON_DEPTH + 1, 200_000])
      expect(checkJsonBody(`{"a":\n${nested(depth)}}`)).toEqual({
        ok: false,
        line: 2,
        column: MAX_JSON_DEPTH,
        offset: 6 + MAX_JSON_DEPTH - 1,
        message: `The body is nested more than ${MAX_JSON_DEPTH} levels deep at line 2, column ${MAX_JSON_DEPTH}: the console sends at most ${MAX_JSON_DEPTH}.`,
      });
  });

  it('agrees with JSON.parse on whether a text is JSON', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.json(),
          fc.string(),
          fc.json().map((j) => j.slice(0, -1)),
        ),
        (text) => {
          let parses = true;
          try {
            JSON.parse(text);
          } catch {
            parses = false;
          }
          expect(checkJsonBody(text).ok).toBe(parses || text.trim() === '');
        },
      ),
      { numRuns: 500 },
    );
  });
});
