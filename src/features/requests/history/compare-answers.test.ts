import { describe, expect, it } from 'vitest';
import { compareAnswers } from './compare-answers';

describe('compareAnswers', () => {
  it('names each field that differs, was added or was removed, with both values', () => {
    const a = JSON.stringify({ UID: 'u1', Name: 'Jane', Groups: [{ ID: 1 }], 'Odd name': 1, Gone: true });
    const b = JSON.stringify({ UID: 'u1', Name: 'Janet', Groups: [{ ID: 1 }, { ID: 2 }], 'Odd name': 2 });
    expect(compareAnswers(a, b)).toEqual({
      kind: 'json',
      differences: [
        { where: '$.Name', a: '"Jane"', b: '"Janet"' },
        { where: '$.Groups[1]', b: '{"ID":2}' },
        { where: '$["Odd name"]', a: '1', b: '2' },
        { where: '$.Gone', a: 'true' },
      ],
    });
    expect(compareAnswers(a, a)).toEqual({ kind: 'json', differences: [] });
  });

  it('compares text line by line, and JSON of different shapes as text', () => {
    expect(compareAnswers('one\ntwo\nthree', 'one\n2\nthree\nfour')).toMatchObject({
      kind: 'text',
      differing: 2,
      lines: [
        { a: 'one', b: 'one', differs: false },
        { a: 'two', b: '2', differs: true },
        { a: 'three', b: 'three', differs: false },
        { a: undefined, b: 'four', differs: true },
      ],
    });
    expect(compareAnswers('[1]', '{"a":1}').kind).toBe('text');
  });
});
