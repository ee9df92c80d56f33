import { describe, expect, it, vi } from 'vitest';
import { BUILT_IN_CONNECTIONS, CONNECTION_CHOICE_KEY, EMULATOR } from '@/lib/connection';
import { useConnectionStore } from '@/session/stores/connection-store';
import { jsonAnswer, relayTenant, stubFetch } from '@/testing/fetch';
import { signInForTest } from '@/testing/session';
import { listConnections } from './list-connections';

const ACME = relayTenant('acme', { label: 'Acme University' });
const ACME_SB = relayTenant('acme-sb', {
  label: 'Acme University (sandbox)',
  upstream: 'https://acme.teamdynamix.com/SBTDWebApi',
});

describe('the list of connections', () => {
  it('lists this server’s own API first, then the tenants, from GET /relay at the origin', async () => {
    stubFetch(() => new Response('unused'), { relays: [ACME] });
    const { connections, defaultId } = await listConnections();
    expect(connections.map((c) => c.baseUrl)).toEqual(['/TDWebApi', '/SBTDWebApi', '/relay/acme']);
    expect(defaultId).toBe('emulator');
  });

  it('still offers this server’s own API when the list cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await listConnections()).toEqual({
      connections: [...BUILT_IN_CONNECTIONS],
      defaultId: 'emulator',
    });
  });

  it('still offers this server’s own API when the answer is not the list', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonAnswer({ tenants: 'none' }))),
    );
    expect((await listConnections()).connections).toEqual([...BUILT_IN_CONNECTIONS]);
  });
});

describe('the connection a browser starts with', () => {
  const offer = async (answer: Parameters<typeof stubFetch>[1]) => {
    stubFetch(() => new Response('unused'), answer);
    useConnectionStore.getState().offer(await listConnections());
    return useConnectionStore.getState().selected;
  };

  it('is the server’s default for a browser that has not chosen one', async () => {
    expect((await offer({ relays: [ACME, ACME_SB], connections: { default: 'acme-sb' } })).id).toBe(
      'relay:acme-sb',
    );
  });

  it('is the one this browser chose last, remembered by its id alone', async () => {
    useConnectionStore.getState().select({ ...EMULATOR, id: 'relay:acme', label: 'Acme University' });
    expect(localStorage.getItem(CONNECTION_CHOICE_KEY)).toBe('relay:acme');
    expect(localStorage.length).toBe(1);
    const selected = await offer({ relays: [ACME, ACME_SB], connections: { default: 'acme-sb' } });
    expect(selected).toMatchObject({ id: 'relay:acme', baseUrl: '/relay/acme', label: 'Acme University' });
  });

  it('is the default again once the remembered one is no longer offered', async () => {
    localStorage.setItem(CONNECTION_CHOICE_KEY, 'emulator-sandbox');
    const selected = await offer({
      relays: [ACME, ACME_SB],
      connections: { emulator: false, default: 'acme' },
    });
    expect(selected.id).toBe('relay:acme');
  });

  it('is the first offered when the default names none of them', async () => {
    expect((await offer({ relays: [ACME], connections: { emulator: false, default: 'gone' } })).id).toBe(
      'relay:acme',
    );
  });

  it('is the session’s connection while a session is open, whatever another page chose since', async () => {
    signInForTest({ connection: { ...EMULATOR, id: 'relay:acme-sb', baseUrl: '/relay/acme-sb' } });
    localStorage.setItem(CONNECTION_CHOICE_KEY, 'relay:acme');
    expect((await offer({ relays: [ACME, ACME_SB] })).label).toBe('Acme University (sandbox)');
  });

  it('is the one this page chose, even before the list arrived', async () => {
    signInForTest();
    useConnectionStore.getState().select({ ...EMULATOR, id: 'relay:acme', label: 'acme' });
    expect((await offer({ relays: [ACME, ACME_SB] })).label).toBe('Acme University');
  });
});
