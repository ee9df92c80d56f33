import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { skeleton, skeletons } from './skeleton.ts';

/** The rule the people room applies (people/confusable-identities.ts): two texts that share a skeleton. */
function confusable(a: string, b: string): boolean {
  const known = skeletons(a);
  return skeletons(b).some((each) => known.includes(each));
}

describe('skeleton', () => {
  it.each([
    ['jdoe@example.edu', 'JDOE@Example.EDU', 'letter case'],
    ['jdoe@example.edu', 'jd\u043ee@example.edu', 'Cyrillic о'],
    ['jdoe@example.edu', 'j\u0501oe@example.edu', 'Cyrillic ԁ'],
    ['jdoe@example.edu', 'jd\u03bfe@example.edu', 'Greek ο'],
    ['jdoe@example.edu', 'jd\u0585e@example.edu', 'Armenian օ'],
    ['PAYPAL', '\u0420\u0410\u03a5\u0420\u0410L', 'Cyrillic and Greek capitals'],
    [
      'jdoe@example.edu',
      '\uff4a\uff44\uff4f\uff45@\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45.edu',
      'fullwidth',
    ],
    ['jdoe', '\u{1d423}\u{1d41d}\u{1d428}\u{1d41e}', 'mathematical bold'],
    ['jdoe', '\u24d9\u24d3\u24de\u24d4', 'circled letters'],
    ['file', '\ufb01le', 'the fi ligature'],
    ['jdoe', 'jd\u200boe', 'zero-width space'],
    ['jdoe', 'jd\u00adoe', 'soft hyphen'],
    ['jdoe', 'jdo\u0301e', 'combining accent'],
    ['jdoe', 'jd\u00f6e', 'precomposed accent'],
    ['jdoe', 'jd\u0151e', 'double acute accent'],
    ['ian', 'Ian', 'capital I'],
    ['lan', 'Ian', 'capital I for small l'],
    ['bill', 'bi1l', 'digit one for l'],
    ['bill', 'bi|l', 'vertical bar for l'],
    ['bob', 'b0b', 'digit zero for o'],
    ['modem', 'modern', 'rn for m'],
    ['wall', 'vvall', 'vv for w'],
    ['strasse', 'Stra\u00dfe', 'sharp s'],
    ['istanbul', '\u0131stanbul', 'dotless i'],
  ])('%j and %j look alike (%s)', (a, b) => {
    expect(confusable(a, b)).toBe(true);
    expect(confusable(b, a)).toBe(true);
  });

  it.each([
    ['jdoe', 'jdoe2'],
    ['jdoe', 'jdoo'],
    ['ann', 'anna'],
    ['\u043f\u0430\u0432\u0435\u043b', '\u043b\u0430\u0432\u0435\u043b'],
    ['bob@example.edu', 'bob@example.com'],
    ['ian', 'lan'],
  ])('%j and %j do not', (a, b) => {
    expect(confusable(a, b)).toBe(false);
  });

  it('does not change when invisible characters, accents or compatibility forms are added', () => {
    const word = fc.string({ minLength: 1, maxLength: 12, unit: fc.constantFrom(...'abcdefghkpstxyz@.-') });
    const invisible = fc.constantFrom('\u200b', '\u200c', '\u200d', '\u2060', '\u00ad', '\ufeff', '\u034f');
    const mark = fc.constantFrom('\u0300', '\u0301', '\u0308', '\u0327', '\u030c');
    fc.assert(
      fc.property(
        word,
        fc.array(fc.tuple(fc.nat(), fc.oneof(invisible, mark)), { maxLength: 4 }),
        fc.boolean(),
        (text, inserts, fullwidth) => {
          let changed = [...text];
          for (const [at, char] of inserts) changed.splice((at % changed.length) + 1, 0, char);
          if (fullwidth)
            changed = changed.map((c) =>
              /[a-z]/.test(c) ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c,
            );
          expect(skeleton(changed.join(''))).toBe(skeleton(text));
        },
      ),
      { numRuns: 500 },
    );
  });
});
