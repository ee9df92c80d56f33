import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies.ts';

const withCookies = (cookie: string) => ({ headers: { cookie } }) as IncomingMessage;

describe('readCookie', () => {
  it('returns the first of a name, as browsers send the most specific path first', () => {
    expect(readCookie(withCookies('a=1; b=2; a=3'), 'a')).toBe('1');
    expect(readCookie(withCookies('b=2'), 'a')).toBeUndefined();
    expect(readCookie({ headers: {} } as IncomingMessage, 'a')).toBeUndefined();
  });

  it('of a name sent more than once, takes the most specific one this server would have set', () => {
    const ours = (value: string) => value.startsWith('ours-');
    expect(readCookie(withCookies('a=planted; a=ours-1; a=ours-2'), 'a', ours)).toBe('ours-1');
    expect(readCookie(withCookies('a=planted; other=ours-1'), 'a', ours)).toBeUndefined();
  });
});
