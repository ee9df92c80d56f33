import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { catchPageLoadsInEachTest } from '@/testing/page-loads';
import { fakeDateInEachTest } from '@/testing/fake-date';
import { EMULATOR, EMULATOR_SANDBOX } from '@/lib/connection';
import { useConnectionStore } from '@/session/stores/connection-store';
import { useSessionStore } from '@/session/stores/session-store';
import { errorAnswer, stubFetch, textAnswer } from '@/testing/fetch';
import { shownDetails } from '@/testing/answer-details';
import { renderRoute } from '@/testing/render';
import { tdToken } from '@/testing/tokens';
import { mayRedirectAgain, startSsoRedirect, takeSsoNext } from '@/session/sign-in/sso-redirect';

const NOW = Date.parse('2026-03-02T12:00:00Z');
const LOGINSSO = '/TDWebApi/api/auth/loginsso';
const LOGINSSO_REDIRECT = `${LOGINSSO}?returnTo=%2Fsso%2Fcallback`;

/** What fetch gives for a redirect it was told not to follow: loginsso without an SSO session. */
const notFollowed = () =>
  // As a browser hands it over: no status, no headers, an empty body.
  ({
    type: 'opaqueredirect',
    status: 0,
    ok: false,
    headers: new Headers(),
    arrayBuffer: () => Promise.resolve(new ArrayBuffer(0)),
  }) as Response;

const assign = catchPageLoadsInEachTest();

fakeDateInEachTest(NOW);
beforeEach(() => {
  // The person pressed "Sign in with SSO" on their way to the token page, and came back from the provider.
  startSsoRedirect('/token');
  assign.mockReset();
});

describe('the SSO callback', () => {
  it('reads the token with the SSO cookie, starts the session and replaces itself with the remembered path', async () => {
    const token = tdToken('jdoe@example.edu', NOW);
    const { fetch, sent } = stubFetch(() => textAnswer(token, { 'Cache-Control': 'no-store' }));
    const { router } = renderRoute('/sso/callback');

    expect(await screen.findByRole('heading', { name: 'Token' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/token');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(useSessionStore.getState().session).toMatchObject({
      token,
      username: 'jdoe@example.edu',
      method: 'sso',
    });

    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: LOGINSSO, method: 'GET' });
    expect(sent[0]?.headers).not.toHaveProperty('Authorization');
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ redirect: 'manual', credentials: 'same-origin' });
    expect(assign).not.toHaveBeenCalled();
    // Success forgets the round trips, and where to go.
    expect(mayRedirectAgain()).toBe(true);
    expect(takeSsoNext()).toBe('/profile');
  });

  it('reads the token where its redirect went, whatever another tab chose meanwhile', async () => {
    startSsoRedirect('/token', EMULATOR_SANDBOX);
    assign.mockReset();
    // Another tab of this browser chose this server's production path while this one was at the provider.
    useConnectionStore.getState().select(EMULATOR);
    const token = tdToken('jdoe@example.edu', NOW);
    const { sent } = stubFetch(() => textAnswer(token));
    renderRoute('/sso/callback');

    expect(await screen.findByRole('heading', { name: 'Token' })).toBeInTheDocument();
    expect(sent.map((r) => r.url)).toEqual(['/SBTDWebApi/api/auth/loginsso']);
    expect(useSessionStore.getState().session?.connection).toEqual(EMULATOR_SANDBOX);
  });

  it('without an SSO session, goes to the provider once more, still headed for the same path', async () => {
    const { sent } = stubFetch(notFollowed);
    renderRoute('/sso/callback');

    await vi.waitFor(() => expect(assign).toHaveBeenCalled());
    expect(assign).toHaveBeenCalledExactlyOnceWith(LOGINSSO_REDIRECT);
    expect(sent).toHaveLength(1);
    expect(useSessionStore.getState().session).toBeNull();
    expect(takeSsoNext()).toBe('/token');
    // That was the second round trip within the minute: the next fruitless one stops.
    expect(mayRedirectAgain()).toBe(false);
  });

  it('after two fruitless round trips within 60 s, stops and shows the loop error', async () => {
    startSsoRedirect('/token');
    assign.mockReset();
    vi.setSystemTime(NOW + 59_000);
    const { sent } = stubFetch(notFollowed);
    const { router } = renderRoute('/sso/callback');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Single sign-on came back twice within a minute without signing you in, so it was stopped.',
    );
    expect(router.state.location).toMatchObject({ pathname: '/sso', search: '?error=loop' });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(assign).not.toHaveBeenCalled();
    expect(sent).toHaveLength(1);
    expect(useSessionStore.getState().session).toBeNull();
    // The retry on the SSO screen may go round again.
    expect(mayRedirectAgain()).toBe(true);
  });

  it('round trips older than 60 s do not count', async () => {
    startSsoRedirect('/token');
    assign.mockReset();
    vi.setSystemTime(NOW + 60_001);
    stubFetch(notFollowed);
    renderRoute('/sso/callback');

    await vi.waitFor(() => expect(assign).toHaveBeenCalledExactlyOnceWith(LOGINSSO_REDIRECT));
  });

  it('a refusal from loginsso is shown, with the way back, and starts nothing', async () => {
    stubFetch(() =>
      errorAnswer(403, 'inactive_user', 'The user of this single sign-on session is no longer active.'),
    );
    const { router, user } = renderRoute('/sso/callback');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The user of this single sign-on session is no longer active.',
    );
    expect(screen.getByRole('link', { name: 'Back to single sign-on' })).toHaveAttribute('href', '/sso');
    await user.click(screen.getByRole('button', { name: 'Show details' }));
    expect(shownDetails()['Error code']).toBe('inactive_user');
    expect(router.state.location.pathname).toBe('/sso/callback');
    expect(assign).not.toHaveBeenCalled();
    expect(useSessionStore.getState().session).toBeNull();
  });
});
