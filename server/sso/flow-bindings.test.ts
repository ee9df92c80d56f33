import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FlowBindings } from './flow-bindings.ts';

describe('FlowBindings', () => {
  it('recognizes what it issued, and nothing else: another key, a changed secret or MAC, other shapes', () => {
    const bindings = new FlowBindings(randomBytes(32));
    const issued = bindings.issue();
    expect(issued).toMatch(/^[\w-]{43}\.[\w-]{43}$/);
    expect(bindings.isOurs(issued)).toBe(true);
    expect(bindings.issue()).not.toBe(issued);
    const [secret, mac] = issued.split('.') as [string, string];
    const flip = (text: string) => `${text.slice(0, -1)}${text.endsWith('A') ? 'B' : 'A'}`;
    for (const value of [
      new FlowBindings(randomBytes(32)).issue(),
      `${flip(secret)}.${mac}`,
      `${secret}.${flip(mac)}`,
      secret,
      `${secret}.`,
      `${secret}.${mac}.${mac}`,
      `${secret}.${mac.slice(1)}`,
      '',
    ]) {
      expect(bindings.isOurs(value)).toBe(false);
    }
  });
});
