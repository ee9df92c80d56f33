import { describe, expect, it } from 'vitest';
import { fakeDateInEachTest } from '@/testing/fake-date';
import { makeJwt, tdToken } from '@/testing/tokens';
import { checkPastedToken } from './paste-token';

const NOW = Date.parse('2026-03-02T12:00:00Z');

describe('checkPastedToken', () => {
  fakeDateInEachTest(NOW);

  it('accepts a valid token, also quoted and padded', () => {
    const token = tdToken('jdoe@example.edu', NOW - 60_000);
    for (const text of [token, `  "${token}"\n`, `'${token}'`]) {
      const checked = checkPastedToken(text);
      expect(checked.ok && checked.token).toBe(token);
      expect(checked.ok && checked.decoded.claims.unique_name).toBe('jdoe@example.edu');
    }
  });

  it('refuses an expired token and says when it expired', () => {
    const checked = checkPastedToken(tdToken('jdoe@example.edu', NOW - 86_401_000));
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.message).toMatch(/^The token expired at /);
  });

  it.each([
    ['empty text', '   ', /Paste the token/],
    ['not a JWT', 'hello world', /not a JWT/],
    ['two parts', 'abc.def', /not a JWT/],
    ['no exp', makeJwt({ unique_name: 'jdoe@example.edu' }), /no valid expiry/],
  ])('refuses %s', (_name, text, message) => {
    const checked = checkPastedToken(text);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.message).toMatch(message);
  });
});
