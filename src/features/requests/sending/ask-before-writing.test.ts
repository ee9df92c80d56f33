import { beforeEach, describe, expect, it } from 'vitest';
import { EMULATOR, EMULATOR_SANDBOX, type Connection } from '@/lib/connection';
import { testSession } from '@/testing/session';
import { asksBeforeSending, useWriteConsentStore } from './ask-before-writing';

const relayed = (upstream: string): Connection => ({
  id: 'acme',
  label: 'Acme',
  baseUrl: '/relay/acme',
  upstream,
  organization: 'acme',
});

beforeEach(() => useWriteConsentStore.setState({ trusted: {} }));

const asks = (method: Parameters<typeof asksBeforeSending>[0], session = testSession()) =>
  asksBeforeSending(method, session, useWriteConsentStore.getState().trusted);

describe('asking before a write', () => {
  it('asks for POST, PUT, PATCH and DELETE on a connection that is not a sandbox, never for GET', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) expect(asks(method)).toBe(true);
    expect(asks('GET')).toBe(false);
    const tenant = testSession({ connection: relayed('https://acme.teamdynamix.com/TDWebApi') });
    expect(asks('DELETE', tenant)).toBe(true);
  });

  it('never asks on a sandbox, here or at a tenant', () => {
    expect(asks('POST', testSession({ connection: EMULATOR_SANDBOX }))).toBe(false);
    const tenant = testSession({ connection: relayed('https://acme.teamdynamix.com/SBTDWebApi') });
    expect(asks('DELETE', tenant)).toBe(false);
  });

  it('stops asking for the connection of the session that said so, and asks a new sign-in again', () => {
    const session = testSession({ connection: EMULATOR, issuedAt: Date.now() - 1000 });
    useWriteConsentStore.getState().trust(session);
    expect(asks('POST', session)).toBe(false);
    expect(asks('POST', { ...session, connection: { ...EMULATOR, id: 'other' } })).toBe(true);
    expect(asks('POST', { ...session, obtainedAt: session.obtainedAt + 1 })).toBe(true);
  });
});
