import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { CONNECTIONS_ELEMENT_ID } from '@contract/wire';
import { CONNECTION_CHOICE_KEY, EMULATOR_SANDBOX } from '@/lib/connection';
import { useConnectionStore } from '@/session/stores/connection-store';
import { useSessionStore } from '@/session/stores/session-store';
import { deferred, jsonAnswer, relayTenant, stubFetch, textAnswer, type SentRequest } from '@/testing/fetch';
import { renderRoute } from '@/testing/render';
import { tdToken } from '@/testing/tokens';
import { jdoeRecord } from '@/testing/user-record';

const ACME = relayTenant('acme', { label: 'Acme University' });
const ACME_SB = relayTenant('acme-sb', {
  label: 'Acme University (sandbox)',
  upstream: 'https://acme.teamdynamix.com/SBTDWebApi',
});

function loginThenProfile(request: SentRequest) {
  if (request.url.endsWith('/api/auth/getuser')) return jsonAnswer(jdoeRecord());
  return textAnswer(tdToken('jdoe@example.edu', Date.now()));
}

const options = () =>
  within(screen.getByLabelText('Connection'))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('the connection picker', () => {
  it('offers this server’s API and the relay’s tenants under their labels, and says where calls go', async () => {
    stubFetch(loginThenProfile, { relays: [ACME] });
    const { user } = renderRoute('/sign-in');
    const picker = await screen.findByLabelText('Connection');
    await screen.findByRole('option', { name: 'Acme University' });
    expect(options()).toEqual([
      'This server (emulator)',
      'This server (emulator, sandbox)',
      'Acme University',
    ]);
    expect(screen.getByText("Calls go to this server's API at /TDWebApi.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with SSO' })).toBeInTheDocument();

    await user.selectOptions(picker, 'Acme University');
    expect(useConnectionStore.getState().selected).toMatchObject({
      baseUrl: '/relay/acme',
      organization: 'acme.teamdynamix.com',
    });
    expect(screen.getByText(`Calls go through this server's relay to ${ACME.upstream}.`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with SSO' })).not.toBeInTheDocument();
  });

  it('opens a relayed tenant’s own SSO page in a new tab, and moves this tab on to pasting the token', async () => {
    stubFetch(loginThenProfile, { relays: [ACME] });
    const { user, router } = renderRoute('/sign-in?returnTo=%2Ftoken');
    await screen.findByRole('option', { name: 'Acme University' });
    // In an awaited act: the link suspends on its code, which the synchronous act around a user event does not wait for.
    await act(() => user.selectOptions(screen.getByLabelText('Connection'), 'Acme University'));
    const link = await screen.findByRole('link', { name: 'Sign in with SSO' });
    expect(link).toHaveAttribute('href', `${ACME.upstream}/api/auth/loginsso`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleDescription(
      'Opens the SSO page of the connection chosen above in a new tab: copy the token it shows, then paste it here.',
    );

    await user.click(link);
    expect(router.state.location).toMatchObject({ pathname: '/sso', search: '?returnTo=%2Ftoken' });
    expect(await screen.findByRole('textbox', { name: 'Token' })).toBeInTheDocument();
  });

  it('cannot be changed until this server’s list has arrived', async () => {
    const list = deferred<Response>();
    const fetch = vi.fn((input: string) =>
      input === '/relay' ? list.promise : Promise.reject(new Error('unexpected')),
    );
    vi.stubGlobal('fetch', fetch);
    renderRoute('/sign-in');
    const picker = await screen.findByLabelText('Connection');
    expect(picker).toBeDisabled();
    list.resolve(jsonAnswer({ emulator: false, default: 'acme', tenants: [ACME] }));
    await vi.waitFor(() => expect(picker).toBeEnabled());
    expect(options()).toEqual(['Acme University']);
  });

  it('offers none of this server’s own connections while its emulator is off, and preselects the default', async () => {
    stubFetch(loginThenProfile, {
      relays: [ACME, ACME_SB],
      connections: { emulator: false, default: 'acme-sb' },
    });
    renderRoute('/sign-in');
    await screen.findByRole('option', { name: 'Acme University' });
    expect(options()).toEqual(['Acme University', 'Acme University (sandbox)']);
    expect(screen.getByLabelText('Connection')).toHaveValue('relay:acme-sb');
    expect(localStorage.getItem(CONNECTION_CHOICE_KEY)).toBeNull();
  });

  it('remembers the browser’s choice by its id, and starts there next time', async () => {
    stubFetch(loginThenProfile, { relays: [ACME, ACME_SB], connections: { default: 'acme' } });
    const first = renderRoute('/sign-in');
    await screen.findByRole('option', { name: 'Acme University' });
    expect(screen.getByLabelText('Connection')).toHaveValue('relay:acme');
    await first.user.selectOptions(screen.getByLabelText('Connection'), EMULATOR_SANDBOX.label);
    expect(localStorage.getItem(CONNECTION_CHOICE_KEY)).toBe('emulator-sandbox');
    first.unmount();

    // A new page of the same browser: it starts elsewhere, without a choice of its own.
    useConnectionStore.setState({ selected: { ...EMULATOR_SANDBOX, id: 'x' }, chosen: false });
    renderRoute('/sign-in');
    await screen.findByRole('option', { name: 'Acme University' });
    await vi.waitFor(() => expect(screen.getByLabelText('Connection')).toHaveValue('emulator-sandbox'));
  });

  it('signs in through the chosen tenant, and the session keeps that connection for every later call', async () => {
    const { sent } = stubFetch(loginThenProfile, { relays: [ACME] });
    const { user, router } = renderRoute('/sign-in');
    await screen.findByRole('option', { name: 'Acme University' });
    await user.selectOptions(screen.getByLabelText('Connection'), 'Acme University');
    await user.type(screen.getByLabelText(/^User name/), 'jdoe@example.edu');
    await user.type(screen.getByLabelText(/^Password/), 'Tdx-demo-2026');
    await user.click(screen.getByRole('button', { name: /^sign in$/i }));

    await screen.findByRole('heading', { name: 'Identity' });
    expect(router.state.location.pathname).toBe('/profile');
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /relay/acme/api/auth',
      'GET /relay/acme/api/auth/getuser',
    ]);
    expect(useSessionStore.getState().session?.connection).toMatchObject({
      upstream: ACME.upstream,
      label: 'Acme University',
    });
    expect(screen.getByTestId('connection')).toHaveTextContent('Connection: Acme University');

    // Choosing another connection afterwards changes the next sign-in, not the session's calls.
    useConnectionStore.getState().select(EMULATOR_SANDBOX);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]?.url).toBe('/relay/acme/api/auth/getuser');
  });
});

/** The list written into the page as the server writes it into index.html, for this test only. */
function listInPage(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = CONNECTIONS_ELEMENT_ID;
  block.textContent = text;
  document.head.append(block);
  onTestFinished(() => block.remove());
}

describe('the list the page came with', () => {
  it('is on the first render of the form, which asks the server for nothing', async () => {
    listInPage(JSON.stringify({ emulator: false, default: 'acme-sb', tenants: [ACME, ACME_SB] }));
    const fetch = vi.fn(() => Promise.reject(new Error('no request was expected')));
    vi.stubGlobal('fetch', fetch);
    renderRoute('/sign-in');
    // Read at once, nothing awaited: the first render shows the list, and the server's default chosen.
    const picker = screen.getByLabelText('Connection');
    expect(picker).toBeEnabled();
    expect(options()).toEqual(['Acme University', 'Acme University (sandbox)']);
    expect(picker).toHaveValue('relay:acme-sb');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is read as GET /relay is: a tenant that is not what the server promises is left out', () => {
    const forged = relayTenant('evil', { base: 'https://evil.example/relay/evil' });
    listInPage(JSON.stringify({ emulator: true, default: 'evil', tenants: [forged, ACME] }));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new Error('no request was expected'))),
    );
    renderRoute('/sign-in');
    expect(options()).toEqual([
      'This server (emulator)',
      'This server (emulator, sandbox)',
      'Acme University',
    ]);
    expect(screen.getByLabelText('Connection')).toHaveValue('emulator');
  });

  it.each([
    ['none (as Vite’s dev server serves it)', null],
    ['one that is not JSON', '{"emulator": true, "tenants": ['],
    ['one that is not the list', '{"tenants": "acme"}'],
    ['an empty one', ''],
  ])('is asked of the server when the page has %s', async (_name, text) => {
    if (text !== null) listInPage(text);
    const { fetch } = stubFetch(loginThenProfile, { relays: [ACME] });
    renderRoute('/sign-in');
    expect(screen.getByLabelText('Connection')).toBeDisabled();
    expect(screen.getByLabelText('Connection')).toHaveValue('emulator');
    await screen.findByRole('option', { name: 'Acme University' });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/relay']);
  });
});
