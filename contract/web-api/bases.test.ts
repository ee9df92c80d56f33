import { describe, expect, it } from 'vitest';
import { apiBaseOf, isSandboxBase } from './bases.ts';

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
});
