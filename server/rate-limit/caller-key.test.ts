import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rateLimitKey } from './caller-key.ts';

const group = fc.integer({ min: 0, max: 0xffff });
const hex = (g: number) => g.toString(16);
const isMapped = (groups: number[]) => groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
/** The compressed spelling the URL parser makes, e.g. 2001:db8::1. */
const compress = (groups: number[]) => new URL(`http://[${groups.map(hex).join(':')}]`).hostname.slice(1, -1);

describe('rateLimitKey', () => {
  it('keeps IPv4 addresses and maps IPv4-mapped IPv6 addresses, in any spelling, to them', () => {
    expect(rateLimitKey('192.0.2.7')).toBe('192.0.2.7');
    for (const mapped of ['::ffff:192.0.2.7', '::FFFF:c000:0207', '0:0:0:0:0:ffff:192.0.2.7']) {
      expect(rateLimitKey(mapped)).toBe('192.0.2.7');
    }
  });

  it('counts an IPv6 address as its /64, whatever the spelling or zone', () => {
    expect(rateLimitKey('2001:db8:a:b::1')).toBe('2001:db8:a:b::/64');
    expect(rateLimitKey('2001:DB8:A:B:FFFF:0:0:1')).toBe('2001:db8:a:b::/64');
    expect(rateLimitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
  });

  it('cuts what is no address to 64 characters', () => {
    expect(rateLimitKey('x'.repeat(1_000))).toBe('x'.repeat(64));
  });

  it('gives two IPv6 addresses the same key exactly when their first 64 bits agree (property)', () => {
    const address = fc.array(group, { minLength: 8, maxLength: 8 });
    fc.assert(
      fc.property(address, address, (a, b) => {
        // Written out in full and in the compressed form the URL parser makes.
        const full = a.map(hex).join(':');
        fc.pre(!isMapped(a) && !isMapped(b));
        const samePrefix = a.slice(0, 4).join() === b.slice(0, 4).join();
        return (rateLimitKey(full) === rateLimitKey(compress(b))) === samePrefix;
      }),
      { numRuns: 500 },
    );
    const sharePrefix = fc.tuple(
      fc.array(group, { minLength: 4, maxLength: 4 }),
      fc.array(group, { minLength: 8, maxLength: 8 }),
    );
    fc.assert(
      fc.property(sharePrefix, ([prefix, other]) => {
        const a = [...prefix, ...other.slice(4)];
        fc.pre(!isMapped(a));
        return rateLimitKey(compress(a)) === `${prefix.map(hex).join(':')}::/64`;
      }),
      { numRuns: 500 },
    );
  });
});
