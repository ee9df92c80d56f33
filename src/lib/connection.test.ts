import { describe, expect, it } from 'vitest';
import { EMULATOR, EMULATOR_SANDBOX, parseConnection, sharesOrigin, type Connection } from './connection';
import { directBaseUrl, isSandbox, ssoPageUrl } from './connection-details';

const RELAYED: Connection = {
  id: 'relay:acme',
  label: 'acme',
  baseUrl: '/relay/acme',
  upstream: 'https://acme.teamdynamix.com/TDWebApi',
  organization: 'acme',
};

describe('connections', () => {
  it('tells a sandbox base from production, here and at a tenant', () => {
    expect(isSandbox(EMULATOR)).toBe(false);
    expect(isSandbox(EMULATOR_SANDBOX)).toBe(true);
    expect(isSandbox(RELAYED)).toBe(false);
    expect(isSandbox({ ...RELAYED, upstream: 'https://acme.teamdynamix.com/SBTDWebApi' })).toBe(true);
    expect(isSandbox({ ...RELAYED, upstream: 'https://acme.teamdynamix.com/sbtdwebapi' })).toBe(true);
    expect(isSandbox({ ...RELAYED, upstream: 'https://sbtdwebapi.example.edu/TDWebApi' })).toBe(false);
  });

  it('finishes SSO by redirect only on this origin', () => {
    expect(sharesOrigin(EMULATOR)).toBe(true);
    expect(sharesOrigin(RELAYED)).toBe(false);
  });

  it('opens the service’s own SSO page for the paste flow: the tenant’s, not the relay’s', () => {
    expect(ssoPageUrl(EMULATOR)).toBe('/TDWebApi/api/auth/loginsso');
    expect(ssoPageUrl(RELAYED)).toBe('https://acme.teamdynamix.com/TDWebApi/api/auth/loginsso');
  });

  it('gives tools outside the browser the address they can call', () => {
    expect(directBaseUrl(EMULATOR, 'http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/TDWebApi');
    expect(directBaseUrl(RELAYED, 'http://127.0.0.1:8080')).toBe('https://acme.teamdynamix.com/TDWebApi');
  });

  it('reads a stored connection back', () => {
    expect(parseConnection(JSON.parse(JSON.stringify(RELAYED)))).toEqual(RELAYED);
  });

  it.each([
    ['nothing', undefined],
    ['a base on another origin', { ...RELAYED, baseUrl: 'https://evil.example/TDWebApi' }],
    ['a protocol-relative base', { ...RELAYED, baseUrl: '//evil.example/TDWebApi' }],
    ['a base with dot segments', { ...RELAYED, baseUrl: '/relay/../evil' }],
    ['a javascript: upstream', { ...RELAYED, upstream: 'javascript:alert(1)' }],
    ['a missing label', { ...RELAYED, label: undefined }],
    ['a missing organization', { ...RELAYED, organization: undefined }],
  ])('falls back to the emulator for %s, so a token never leaves this origin', (_name, stored) => {
    expect(parseConnection(stored)).toBe(EMULATOR);
  });
});
