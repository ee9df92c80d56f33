import { describe, expect, it } from 'vitest';
import { bodyOverLimit } from './body-size';

describe('bodyOverLimit', () => {
  const body = (bytes: number) => JSON.stringify({ Note: 'x'.repeat(bytes - 11) });

  it('lets a body of up to 64 KB through, counted in UTF-8 bytes', () => {
    expect(body(65_536)).toHaveLength(65_536);
    expect(bodyOverLimit(body(65_536), true)).toBeUndefined();
    // 32,768 two-byte characters: 65,536 characters' worth of bytes and more.
    expect(bodyOverLimit(JSON.stringify({ N: 'é'.repeat(32_768) }), false)).toMatch(/^The body is 64\.0 KB/);
  });

  it('names the relay’s limit as the relay’s when the connection is relayed, the emulator’s otherwise', () => {
    expect(bodyOverLimit(body(70_000), true)).toBe(
      'The body is 68.4 KB (70,000 bytes): this server’s relay passes bodies of at most 64 KB (65,536 bytes), its own limit, not the tenant’s. Nothing was sent.',
    );
    expect(bodyOverLimit(body(70_000), false)).toBe(
      'The body is 68.4 KB (70,000 bytes): this server’s emulator takes bodies of at most 64 KB (65,536 bytes). Nothing was sent.',
    );
  });
});
