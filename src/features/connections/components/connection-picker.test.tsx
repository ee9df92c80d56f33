import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectionStore } from '@/session/connection-store';
import { useSessionStore } from '@/session/session-store';
import { jsonReply, stubFetch, textReply, type SentRequest } from '@/testing/fetch';
import { renderRoute } from '@/testing/render';
import { resetConsoleState } from '@/testing/reset';
import { tdToken } from '@/testing/tokens';
import { jdoeRecord } from '@/testing/user-record';

const ACME = { name: 'acme', base: '/relay/acme', upstream: 'https://acme.teamdynamix.com/TDWebApi' };
const ACME_LABEL = 'acme (https://acme.teamdynamix.com/TDWebApi, through this server)';

function loginThenProfile(request: SentRequest) {
  if (request.url.endsWith('/api/auth/getuser')) return jsonReply(jdoeRecord());
  return textReply(tdToken('jdoe@example.edu', Date.now()));
}

describe('the connection picker', () => {
  beforeEach(() => resetConsoleState());
  afterEach(() => {
    vi.unstubAllGlobals();
    resetConsoleState();
  });

  it('offers this server’s API and the relay’s tenants, and says where calls go', async () => {
    stubFetch(loginThenProfile, { relays: [ACME] });
    const { user } = renderRoute('/sign-in');
    const picker = await screen.findByLabelText('Connection');
    await screen.findByRole('option', { name: ACME_LABEL });
    expect(screen.getByText("Calls go to this server's API at /TDWebApi.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with SSO' })).toBeInTheDocument();

    await user.selectOptions(picker, ACME_LABEL);
    expect(useConnectionStore.getState().selected.baseUrl).toBe('/relay/acme');
    expect(screen.getByText(`Calls go through this server's relay to ${ACME.upstream}.`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with SSO' })).not.toBeInTheDocument();
  });

  it('signs in through the chosen tenant, and the session keeps that connection for every later call', async () => {
    const { sent } = stubFetch(loginThenProfile, { relays: [ACME] });
    const { user, router } = renderRoute('/sign-in');
    await screen.findByRole('option', { name: ACME_LABEL });
    await user.selectOptions(screen.getByLabelText('Connection'), ACME_LABEL);
    await user.type(screen.getByLabelText(/^User name/), 'jdoe@example.edu');
    await user.type(screen.getByLabelText(/^Password/), 'Tdx-demo-2026');
    await user.click(screen.getByRole('button', { name: /^sign in$/i }));

    await screen.findByRole('heading', { name: 'Identity' });
    expect(router.state.location.pathname).toBe('/profile');
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /relay/acme/api/auth',
      'GET /relay/acme/api/auth/getuser',
    ]);
    expect(useSessionStore.getState().session?.connection.upstream).toBe(ACME.upstream);

    // Choosing another connection afterwards changes the next sign-in, not the session's calls.
    useConnectionStore.getState().select({ id: 'x', label: 'x', baseUrl: '/SBTDWebApi', upstream: null });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]?.url).toBe('/relay/acme/api/auth/getuser');
  });
});
