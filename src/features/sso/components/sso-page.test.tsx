import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catchPageLoadsInEachTest } from '@/testing/page-loads';
import { useSessionStore } from '@/session/stores/session-store';
import { deferred, errorAnswer, jsonAnswer, relayTenant, stubFetch } from '@/testing/fetch';
import { renderRoute } from '@/testing/render';
import { tdToken } from '@/testing/tokens';
import { jdoeRecord } from '@/testing/user-record';
import { startSsoRedirect, takeSsoNext } from '@/session/sign-in/sso-redirect';

const LOGINSSO_REDIRECT = '/TDWebApi/api/auth/loginsso?returnTo=%2Fsso%2Fcallback';

const assign = catchPageLoadsInEachTest();
const tokenField = () => screen.getByRole('textbox', { name: 'Token' });

async function open(path: string) {
  const rendered = renderRoute(path);
  await screen.findByRole('heading', { name: 'Single sign-on' });
  return rendered;
}

describe('the SSO page', () => {
  it.each([
    ['access_denied', 'Single sign-on was cancelled at the identity provider.'],
    [
      'state_invalid',
      'The single sign-on answer did not match a request from this browser (it may be old or replayed).',
    ],
    [
      'unknown_user',
      'The identity provider signed you in, but no user of this organization matches that identity.',
    ],
    ['inactive_user', 'Your account is not active.'],
    [
      'email_unverified',
      'The identity provider has not verified your e-mail address, so it cannot be used to find your account. Verify it there, then try again.',
    ],
    [
      'ambiguous_user',
      'Your identity matches more than one user of this organization, so you were not signed in as any of them. Ask an administrator to make it unique.',
    ],
    ['provider_error', 'The identity provider reported an error, or could not be reached.'],
    ['id_token_invalid', 'The identity provider answered with an ID token that did not pass its checks.'],
    ['loop', 'Single sign-on came back twice within a minute without signing you in, so it was stopped.'],
    ['something_new', 'Single sign-on failed.'],
  ])('says what error=%s means, and offers a retry', async (code, message) => {
    await open(`/sso?error=${code}`);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Try single sign-on again' })).toBeEnabled();
  });

  it('shows no error without one', async () => {
    await open('/sso');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with SSO' })).toBeEnabled();
  });

  it('the retry starts the redirect, headed where the failed attempt was going', async () => {
    startSsoRedirect('/token');
    assign.mockReset();
    const { user } = await open('/sso?error=access_denied');
    await user.click(screen.getByRole('button', { name: 'Try single sign-on again' }));
    expect(assign).toHaveBeenCalledExactlyOnceWith(LOGINSSO_REDIRECT);
    expect(takeSsoNext()).toBe('/token');
  });

  it('an identity that matches no one: names the claim and value tried, and offers another account', async () => {
    startSsoRedirect('/token');
    assign.mockReset();
    const { user } = await open('/sso?error=unknown_user&claim=email&value=nobody%40example.org');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'no user of this organization matches that identity. It tried email = nobody@example.org.',
    );
    await user.click(screen.getByRole('button', { name: 'Sign in as someone else' }));
    expect(assign).toHaveBeenCalledExactlyOnceWith(`${LOGINSSO_REDIRECT}&prompt=login`);
    expect(takeSsoNext()).toBe('/token');
  });

  it('offers another account only for an identity that matched no one', async () => {
    await open('/sso?error=access_denied&claim=email&value=x%40example.org');
    expect(screen.getByRole('alert')).not.toHaveTextContent('It tried');
    expect(screen.queryByRole('button', { name: 'Sign in as someone else' })).not.toBeInTheDocument();
  });

  it('a returnTo in its address wins', async () => {
    const { user } = await open(`/sso?returnTo=${encodeURIComponent('/token')}`);
    await user.click(screen.getByRole('button', { name: 'Sign in with SSO' }));
    expect(assign).toHaveBeenCalledExactlyOnceWith(LOGINSSO_REDIRECT);
    expect(takeSsoNext()).toBe('/token');
  });

  it('links to the service’s own SSO page, in a new tab', async () => {
    await open('/sso');
    const link = screen.getByRole('link', { name: 'Open the SSO page in a new tab' });
    expect(link).toHaveAttribute('href', `${window.location.origin}/TDWebApi/api/auth/loginsso`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

describe('single sign-on on a tenant through the relay', () => {
  const ACME = relayTenant('acme', { label: 'Acme University' });

  async function openOnAcme(path = '/sso') {
    const rendered = await open(path);
    await screen.findByRole('option', { name: 'Acme University' });
    await rendered.user.selectOptions(screen.getByLabelText('Connection'), 'Acme University');
    return rendered;
  }

  it('guides through the tenant’s own SSO page step by step, instead of a redirect this origin cannot finish', async () => {
    stubFetch(() => jsonAnswer(jdoeRecord()), { relays: [ACME] });
    await openOnAcme();
    expect(screen.queryByRole('button', { name: /Sign in with SSO/ })).not.toBeInTheDocument();
    const steps = screen.getByRole('list', { name: 'Steps' });
    const link = within(steps).getByRole('link', { name: 'Open the SSO page in a new tab' });
    expect(link).toHaveAttribute('href', `${ACME.upstream}/api/auth/loginsso`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual([
      `Open the SSO page in a new tab: the connection’s own page, ${ACME.upstream}/api/auth/loginsso.`,
      'If it asks you to sign in, sign in as you usually do at your organization; it then brings you back to that page.',
      'That page shows the token alone, as one long line of text: select all of it (Ctrl+A, or ⌘A on a Mac) and copy it.',
      'Come back to this tab, paste it into Token below and choose Check token, then Verify with getuser and sign in: one getuser call to the connection verifies it, and the console keeps it only if the connection accepts it.',
    ]);
    expect(
      screen.getByText(/If that page shows an error, or anything but a line of text/),
    ).toBeInTheDocument();
  });

  it('verifies the pasted token with the tenant, through the relay, and signs in there', async () => {
    const pasted = tdToken('jdoe@example.edu', Date.now() - 60_000);
    const { sent } = stubFetch(() => jsonAnswer(jdoeRecord()), { relays: [ACME] });
    const { user, router } = await openOnAcme('/sso?returnTo=%2Fprofile');
    await user.click(tokenField());
    await user.paste(pasted);
    await user.click(screen.getByRole('button', { name: 'Check token' }));
    await user.click(screen.getByRole('button', { name: 'Verify with getuser and sign in' }));

    await screen.findByRole('heading', { name: 'Identity' });
    expect(router.state.location.pathname).toBe('/profile');
    expect(sent[0]).toMatchObject({ url: '/relay/acme/api/auth/getuser', method: 'GET' });
    expect(useSessionStore.getState().session).toMatchObject({
      token: pasted,
      method: 'pasted',
      connection: { id: 'relay:acme', label: 'Acme University' },
    });
  });
});

describe('pasting a token', () => {
  const token = () => tdToken('jdoe@example.edu', Date.now() - 60_000);

  async function pasteAndCheck(user: ReturnType<typeof renderRoute>['user'], text: string) {
    await user.clear(tokenField());
    await user.click(tokenField());
    await user.paste(text);
    await user.click(screen.getByRole('button', { name: 'Check token' }));
  }

  it('verifies a good token with one getuser carrying it, then starts a "pasted" session', async () => {
    const pasted = token();
    const answer = deferred<Response>();
    const { sent } = stubFetch(() => answer.promise);
    const { user, router } = await open(`/sso?returnTo=${encodeURIComponent('/token')}`);

    await pasteAndCheck(user, `  "${pasted}"  `);
    expect(screen.getByRole('status')).toHaveTextContent('A token for jdoe@example.edu, issuer TD, expires');
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Verify with getuser and sign in' }));

    // Only the server's answer may make it a session.
    expect(await screen.findByRole('button', { name: 'Verifying…' })).toBeDisabled();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: '/TDWebApi/api/auth/getuser', method: 'GET' });
    expect(sent[0]?.headers.Authorization).toBe(`Bearer ${pasted}`);
    expect(useSessionStore.getState().session).toBeNull();

    answer.resolve(jsonAnswer(jdoeRecord(), 200, { Date: new Date().toUTCString() }));
    expect(await screen.findByRole('heading', { name: 'Token' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/token');
    expect(useSessionStore.getState().session).toMatchObject({
      token: pasted,
      username: 'jdoe@example.edu',
      method: 'pasted',
    });
    expect(sent).toHaveLength(1);
  });

  it('a token the server refuses starts no session', async () => {
    stubFetch(() => errorAnswer(401, 'invalid_token', 'The token has expired.'));
    const { user, router } = await open('/sso');

    await pasteAndCheck(user, token());
    await user.click(screen.getByRole('button', { name: 'Verify with getuser and sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The server did not accept the token. The server said: The token has expired.',
    );
    expect(useSessionStore.getState().session).toBeNull();
    expect(router.state.location.pathname).toBe('/sso');
    expect(screen.getByRole('button', { name: 'Verify with getuser and sign in' })).toBeEnabled();
  });

  it.each([
    [
      'an expired token',
      () => tdToken('jdoe@example.edu', Date.now() - 86_401_000),
      /^The token expired at /,
    ],
    ['text that is not a JWT', () => 'not-a-token', /not a JWT/],
  ])('refuses %s without calling the server', async (_name, text, message) => {
    const { sent } = stubFetch(() => jsonAnswer(jdoeRecord()));
    const { user } = await open('/sso');

    await pasteAndCheck(user, text());

    expect(tokenField()).toHaveAccessibleDescription(message);
    expect(tokenField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('button', { name: 'Verify with getuser and sign in' })).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});
