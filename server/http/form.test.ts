import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeForm } from './form.ts';

const decode = (text: string | Buffer) => decodeForm(Buffer.from(text));

describe('decodeForm', () => {
  it('decodes names and values as browsers and scripts encode them', () => {
    expect(decode('a+b%2B%26=c%3D+d&e=&f&&g=%C3%A9%F0%9F%98%80')).toEqual([
      ['a b+&', 'c= d'],
      ['e', ''],
      ['f', ''],
      ['g', 'é😀'],
    ]);
    expect(decode('')).toEqual([]);
  });

  it.each([
    ['a malformed escape', 'a=%zz'],
    ['a truncated escape', 'a=%4'],
    ['an escape that is not UTF-8', 'a=%C3%28'],
    ['an escaped lone surrogate', 'a=%ED%A0%80'],
    ['raw bytes that are not UTF-8', Buffer.from([0x61, 0x3d, 0xff])],
  ])('refuses %s instead of replacing it', (_name, body) => {
    expect(decode(body)).toBeNull();
  });

  it('gives back exactly the pairs URLSearchParams encoded', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }))),
        (pairs) => {
          const nonEmpty = pairs.filter(([name, value]) => name !== '' || value !== '');
          expect(decode(new URLSearchParams(nonEmpty).toString())).toEqual(nonEmpty);
        },
      ),
      { numRuns: 300 },
    );
  });
});
