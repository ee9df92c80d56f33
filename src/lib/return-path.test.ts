import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it.each([
    ['/profile', '/profile'],
    ['/token?x=1#y', '/token?x=1#y'],
    ['/admin-key?returnTo=%2Fprofile', '/admin-key?returnTo=%2Fprofile'],
    ['/a/b/../c', '/a/c'],
  ])('accepts the same-origin path %j as %j', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it.each([
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with a path', '//evil.com/profile'],
    ['slash and backslash', '/\\evil.com'],
    ['backslash first', '\\\\evil.com'],
    ['absolute URL', 'https://evil.com'],
    ['absolute URL to this host', 'http://localhost:3000/profile'],
    ['javascript: URL', 'javascript:alert(1)'],
    ['relative path', 'profile'],
    ['encoded slashes after a slash', '/%2F%2Fevil.com'],
    ['encoded slashes, lower case', '/%2f%2fevil.com'],
    ['encoded slashes only', '%2F%2Fevil.com'],
    ['encoded backslash', '/%5Cevil.com'],
    ['encoded backslash, lower case', '/%5cevil.com'],
    ['double-encoded slashes', '/%252F%252Fevil.com'],
    ['triple-encoded slashes', '/%25252F%25252Fevil.com'],
    ['double-encoded backslash', '/%255Cevil.com'],
    ['double-encoded tab', '/%2509/evil.com'],
    ['leading space', ' /profile'],
    ['trailing space', '/profile '],
    ['leading tab', '\t/profile'],
    ['trailing newline', '/profile\n'],
    ['tab inside', '/\t/evil.com'],
    ['newline inside', '/\n/evil.com'],
    ['carriage return inside', '/\r/evil.com'],
    ['NUL inside', '/\u0000/evil.com'],
    ['encoded tab', '/%09/evil.com'],
    ['encoded newline', '/%0A/evil.com'],
    ['encoded NUL', '/%00/evil.com'],
    ['malformed encoding', '/%E0%A4%A'],
    ['dot segment before a double slash', '/.//evil.com'],
    ['dot-dot segments climbing to a double slash', '/a/../..//evil.com'],
    ['encoded dot segment before a double slash', '/%2e//evil.com'],
    ['empty', ''],
    ['too long', `/${'a'.repeat(2048)}`],
  ])('rejects %s (%j)', (_name, raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('rejects null and undefined', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });

  it('never answers anything but a single-slash path', () => {
    const tricky = ['/.//evil.com', '/%2e%2e//evil.com', '/x/..//evil.com', '/./profile', '/%70rofile'];
    for (const raw of tricky) {
      const path = safeReturnPath(raw);
      if (path !== null) expect(path).toMatch(/^\/(?![/\\])/);
    }
    expect(safeReturnPath('/./profile')).toBe('/profile');
  });
});
