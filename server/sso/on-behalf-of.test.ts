import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { OnBehalfOf } from './on-behalf-of.ts';

const requestWith = (headers: Record<string, string>) => ({ headers: { ...headers } }) as IncomingMessage;

describe('OnBehalfOf', () => {
  it('marks calls made while answering a caller with that caller, and reads it back', async () => {
    const marks = new OnBehalfOf();
    expect(marks.headers()).toEqual({});
    const headers = await marks.run('2001:db8::1', async () => {
      await Promise.resolve();
      return marks.headers();
    });
    const req = requestWith(headers);
    expect(marks.callerOf(req)).toBe('2001:db8::1');
    expect(Object.keys(req.headers)).toEqual([]);
  });

  it('believes no mark it did not make: another process’s, a forged one, a malformed one', () => {
    const marks = new OnBehalfOf();
    const other = new OnBehalfOf().run('198.51.100.7', () => new OnBehalfOf().headers());
    for (const headers of [
      other,
      { 'x-emulator-on-behalf-of': '198.51.100.7' },
      { 'x-emulator-on-behalf-of': 'AAAA 198.51.100.7' },
      { 'x-emulator-on-behalf-of': '' },
    ]) {
      const req = requestWith(headers);
      expect(marks.callerOf(req)).toBeNull();
      expect(req.headers['x-emulator-on-behalf-of']).toBeUndefined();
    }
    expect(marks.callerOf(requestWith({}))).toBeNull();
  });
});
