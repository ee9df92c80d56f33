import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILT_IN_CONNECTIONS } from '@/lib/connection';
import { stubFetch } from '@/testing/fetch';
import { listConnections, parseRelays } from './list-connections';

const ACME = { name: 'acme', base: '/relay/acme', upstream: 'https://acme.teamdynamix.com/TDWebApi' };

describe('the relay’s tenants as connections', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turns each tenant into a connection on this origin', () => {
    expect(parseRelays({ tenants: [ACME] })).toEqual([
      {
        id: 'relay:acme',
        label: 'acme (https://acme.teamdynamix.com/TDWebApi, through this server)',
        baseUrl: '/relay/acme',
        upstream: 'https://acme.teamdynamix.com/TDWebApi',
      },
    ]);
  });

  it.each([
    ['a base that is not the relay path of its name', { ...ACME, base: '/TDWebApi' }],
    ['a base on another origin', { ...ACME, base: 'https://evil.example/relay/acme' }],
    ['a name with odd characters', { ...ACME, name: 'ac/me', base: '/relay/ac/me' }],
    ['an upstream that is not http(s)', { ...ACME, upstream: 'javascript:alert(1)' }],
    ['not an object', 'acme'],
  ])('leaves out %s', (_name, entry) => {
    expect(parseRelays({ tenants: [entry] })).toEqual([]);
  });

  it('is nothing for an answer that is not a list', () => {
    expect(parseRelays({ acme: ACME })).toEqual([]);
  });

  it('lists this server’s own API first, then the tenants, from GET /relay at the origin', async () => {
    stubFetch(() => new Response('unused'), { relays: [ACME] });
    const connections = await listConnections();
    expect(connections.map((c) => c.baseUrl)).toEqual(['/TDWebApi', '/SBTDWebApi', '/relay/acme']);
  });

  it('still offers this server’s own API when the list cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await listConnections()).toEqual([...BUILT_IN_CONNECTIONS]);
  });
});
