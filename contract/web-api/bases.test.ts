import { describe, expect, it } from 'vitest';
import { apiBaseOf, isSandboxBase, otherBaseOf } from './bases.ts';

describe('the two bases', () => {
  it.each([
    ['/TDWebApi', '/TDWebApi'],
    ['/TDWebApi/api/auth', '/TDWebApi'],
    ['/tdwebapi/api/auth', '/TDWebApi'],
    ['/SBTDWebApi/', '/SBTDWebApi'],
    ['/sbtdwebapi/api/people', '/SBTDWebApi'],
  ])('finds the base of %s: %s', (path, base) => {
    expect(apiBaseOf(path)).toBe(base);
  });

  it.each(['/', '/TDWebApiX/api', '/relay/acme/TDWebApi', '/idp', 'TDWebApi/api', '/SBTDWebApis'])(
    'finds no base in %s',
    (path) => {
      expect(apiBaseOf(path)).toBeUndefined();
    },
  );

  it('tells a sandbox base, here or at a tenant, in any letter case', () => {
    expect(isSandboxBase('/SBTDWebApi')).toBe(true);
    expect(isSandboxBase('https://acme.teamdynamix.com/sbtdwebapi')).toBe(true);
    expect(isSandboxBase('/TDWebApi')).toBe(false);
    expect(isSandboxBase('https://acme.teamdynamix.com/TDWebApi')).toBe(false);
  });

  it.each([
    ['/TDWebApi', '/SBTDWebApi'],
    ['/SBTDWebApi', '/TDWebApi'],
    ['https://acme.teamdynamix.com/tdwebapi/', 'https://acme.teamdynamix.com/SBTDWebApi'],
    ['http://127.0.0.1:8080/SBTDWebApi', 'http://127.0.0.1:8080/TDWebApi'],
  ])('names the other base of %s: %s', (base, other) => {
    expect(otherBaseOf(base)).toBe(other);
  });

  it.each(['/relay/acme', '/XTDWebApi', 'https://acme.teamdynamix.com/api', ''])(
    'names no other base of %s',
    (base) => {
      expect(otherBaseOf(base)).toBeUndefined();
    },
  );
});
