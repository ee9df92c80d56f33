import { describe, expect, it } from 'vitest';
import { hashPassword, isPasswordHash, verifyPassword, type ScryptCost } from './passwords.ts';

const CHEAP: ScryptCost = { log2N: 10, r: 8, p: 1 };

describe('password hashes', () => {
  it('are scrypt$log2N$r$p$salt$key with a 16-byte salt and a 32-byte key', async () => {
    const hash = await hashPassword('Tdx-demo-2026', CHEAP);
    const match = /^scrypt\$10\$8\$1\$([A-Za-z0-9+/]+=*)\$([A-Za-z0-9+/]+=*)$/.exec(hash);
    expect(match).not.toBeNull();
    expect(Buffer.from(match![1]!, 'base64')).toHaveLength(16);
    expect(Buffer.from(match![2]!, 'base64')).toHaveLength(32);
    expect(isPasswordHash(hash)).toBe(true);
  });

  it('are salted: the same password hashes differently each time', async () => {
    expect(await hashPassword('same', CHEAP)).not.toBe(await hashPassword('same', CHEAP));
  });

  it('verify the right password and only that', async () => {
    const hash = await hashPassword('Tdx-demo-2026', CHEAP);
    expect(await verifyPassword('Tdx-demo-2026', hash)).toBe(true);
    expect(await verifyPassword('tdx-demo-2026', hash)).toBe(false);
    expect(await verifyPassword('Tdx-demo-2026 ', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('carry their cost, so a hash made at another cost still verifies', async () => {
    const hash = await hashPassword('pw', { log2N: 11, r: 4, p: 2 });
    expect(hash.startsWith('scrypt$11$4$2$')).toBe(true);
    expect(await verifyPassword('pw', hash)).toBe(true);
  });

  it('never match when the stored hash is malformed', async () => {
    const good = await hashPassword('pw', CHEAP);
    const [, , , , salt = '', key = ''] = good.split('$');
    const malformed = [
      '',
      'pw',
      'scrypt',
      good.replace(/^scrypt/, 'bcrypt'),
      `${good}$extra`,
      good.slice(0, good.lastIndexOf('$')),
      `scrypt$x$8$1$${salt}$${key}`,
      `scrypt$10.5$8$1$${salt}$${key}`,
      // Costs beyond the allowed range would let a stored hash make every check slow or fail.
      `scrypt$30$8$1$${salt}$${key}`,
      `scrypt$0$8$1$${salt}$${key}`,
      `scrypt$10$0$1$${salt}$${key}`,
      `scrypt$10$8$99$${salt}$${key}`,
      `scrypt$10$8$1$${salt}$${key.slice(0, 20)}`,
      `scrypt$10$8$1$${salt}$`,
      `scrypt$10$8$1$AAAA$${key}`,
    ];
    for (const stored of malformed) {
      expect(isPasswordHash(stored), stored).toBe(false);
      expect(await verifyPassword('pw', stored), stored).toBe(false);
    }
  });
});
