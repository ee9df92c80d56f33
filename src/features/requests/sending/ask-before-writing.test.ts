import { beforeEach, describe, expect, it } from 'vitest';
import { EMULATOR, EMULATOR_SANDBOX, type Connection } from '@/lib/connection';
import type { Session } from '@/session/session';
import { testSession } from '@/testing/session';
import type { ApiMethod } from '@contract/web-api/methods';
import { catalogOperation } from '../catalog/catalog-operation';
import { asksBeforeSending, useWriteConsentStore } from './ask-before-writing';

const relayed = (upstream: string): Connection => ({
  id: 'relay:acme',
  label: 'Acme',
  baseUrl: '/relay/acme',
  upstream,
  organization: 'acme',
});

const PRODUCTION = relayed('https://acme.teamdynamix.com/TDWebApi');
const production = (issuedAt = Date.now()) => testSession({ connection: PRODUCTION, issuedAt });

beforeEach(() => useWriteConsentStore.setState({ trusted: {} }));

const asks = (method: ApiMethod, path: string, session: Session = production()) =>
  asksBeforeSending(
    { method, path },
    catalogOperation(method, path),
    session,
    useWriteConsentStore.getState().trusted,
  );

describe('asking before a write', () => {
  it('asks for the catalog’s writes on a tenant’s production, whatever their method', () => {
    expect(asks('POST', '/api/31/tickets')).toBe(true);
    expect(asks('POST', '/api/31/tickets/7')).toBe(true);
    expect(asks('PUT', '/api/people/jdoe/isactive?status=false')).toBe(true);
    expect(asks('PATCH', '/api/people/5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f10')).toBe(true);
    expect(asks('DELETE', '/api/31/tickets/7/contacts/5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f10')).toBe(true);
  });

  it('never asks for an operation that reads, a search sent by POST included', () => {
    expect(asks('POST', '/api/31/tickets/search')).toBe(false);
    expect(asks('POST', '/api/people/search')).toBe(false);
    expect(asks('POST', '/api/52/assets/search')).toBe(false);
    expect(asks('POST', '/api/{appId}/tickets/search')).toBe(false);
    expect(asks('GET', '/api/31/tickets/7')).toBe(false);
  });

  it('judges a path the catalog lacks by its method: anything but GET may write', () => {
    expect(asks('POST', '/api/no/such/search')).toBe(true);
    expect(asks('DELETE', '/api/people/search')).toBe(true);
    expect(asks('GET', '/api/no/such/thing')).toBe(false);
  });

  it('never asks on this server’s emulator, on a sandbox here or at a tenant', () => {
    for (const connection of [EMULATOR, EMULATOR_SANDBOX, relayed('https://acme.teamdynamix.com/SBTDWebApi')])
      expect(asks('POST', '/api/people', testSession({ connection }))).toBe(false);
    expect(asks('POST', '/api/people')).toBe(true);
  });

  it('stops asking for the connection of the session that said so, asks again once switched back, and asks a new sign-in', () => {
    const session = production(Date.now() - 1000);
    useWriteConsentStore.getState().trust(session);
    expect(asks('POST', '/api/people', session)).toBe(false);
    expect(asks('POST', '/api/people', { ...session, connection: { ...PRODUCTION, id: 'other' } })).toBe(
      true,
    );
    expect(asks('POST', '/api/people', { ...session, obtainedAt: session.obtainedAt + 1 })).toBe(true);
    useWriteConsentStore.getState().distrust(session);
    expect(asks('POST', '/api/people', session)).toBe(true);
  });
});
