import { describe, expect, it } from 'vitest';
import { EMULATOR, EMULATOR_SANDBOX, parseConnection, sharesOrigin, type Connection } from './connection';
import { directBaseUrl, ssoPageUrl } from './connection-details';
import { connectionKind } from './connection-kind';

const RELAYED: Connection = {
  id: 'relay:acme',
  label: 'acme',
  baseUrl: '/relay/acme',
  upstream: 'https://acme.teamdynamix.com/TDWebApi',
  organization: 'acme',
};

describe('connections', () => {
  it('tells a tenant’s production from a sandbox, here or at a tenant, and from this server’s emulator', () => {
    expect(connectionKind(RELAYED)).toBe('production');
    expect(connectionKind(EMULATOR)).toBe('emulator');
    expect(connectionKind(EMULATOR_SANDBOX)).toBe('sandbox');
    expect(connectionKind({ ...RELAYED, upstream: 'https://acme.teamdynamix.com/SBTDWebApi' })).toBe(
      'sandbox',
    );
    expect(connectionKind({ ...RELAYED, upstream: 'https://acme.teamdynamix.com/sbtdwebapi' })).toBe(
      'sandbox',
    );
    expect(connectionKind({ ...RELAYED, upstream: 'https://sbtdwebapi.example.edu/TDWebApi' })).toBe(
      'production',
    );
    // Decided by where calls go, not by the label.
    expect(connectionKind({ ...EMULATOR, label: 'Production' })).toBe('emulator');
    expect(connectionKind({ ...RELAYED, label: 'This server (emulator)' })).toBe('production');
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
