import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeDateInEachTest } from '@/testing/fake-date';
import { useSessionStore, type SignOutReason } from '@/session/stores/session-store';
import type { SignInMethod } from '@/session/session';
import { errorAnswer, jsonAnswer, stubFetch, textAnswer, type SentRequest } from '@/testing/fetch';
import { renderRoute } from '@/testing/render';
import { tdToken } from '@/testing/tokens';
import { jdoeRecord } from '@/testing/user-record';
import { testSession } from '@/testing/session';

const ISSUED = Date.parse('2026-03-02T12:00:00Z');
const DAY = 86_400_000;
const MINUTE = 60_000;
const BEID = '5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f10';
const ADMIN = 'api-admin@example.edu';

/** A session issued at ISSUED, seen `left` ms before its expiry. */
function sessionWithLeft(left: number, method: SignInMethod, username = 'jdoe@example.edu', beid?: string) {
  vi.setSystemTime(ISSUED + DAY - left);
  const session = testSession({ username, method, issuedAt: ISSUED, serverDate: Date.now() });
  useSessionStore.getState().adopt({ ...session, beid });
  return session;
}

/** The server: a login answers a fresh token for whoever asked, getuser jdoe's record. */
function freshLogins(request: SentRequest) {
  if (request.url.endsWith('/api/auth/getuser')) return jsonAnswer(jdoeRecord());
  return textAnswer(tdToken('jdoe@example.edu', Date.now()));
}

/**
 * Signs out in an awaited act: the sign-in page's notice reads its code with use(), and a render that suspends inside
 * a synchronous act is dropped with the act's queue, leaving the page blank for good.
 */
async function signOutNow(reason: SignOutReason) {
  await act(async () => {
    useSessionStore.getState().signOut(reason);
    await Promise.resolve();
  });
}

async function clickSignInAgain(user: ReturnType<typeof renderRoute>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Sign in again' }));
}

// The sign-in page's notices load on demand; loaded once here so that each test waits for the screen, not the import.
beforeAll(async () => {
  await import('@/features/password-login/components/sign-out-notice');
  await import('@/components/error-notice');
  await import('@/session/errors/describe-failure');
  await import('@/components/rate-limit-meter');
});

fakeDateInEachTest();

describe('"Sign in again" from the five-minute warning', () => {
  it('keeps the session while the password form opens for the same user, then returns with a new token', async () => {
    const old = sessionWithLeft(4 * MINUTE, 'password');
    const { sent } = stubFetch(freshLogins);
    const { user, router } = renderRoute('/token?tab=claims');
    await clickSignInAgain(user);

    expect(router.state.location.pathname).toBe('/sign-in');
    expect(await screen.findByRole('heading', { name: 'Sign in again' })).toBeInTheDocument();
    expect(useSessionStore.getState().session?.token).toBe(old.token);
    expect(screen.getByRole('textbox', { name: /user name/i })).toHaveValue('jdoe@example.edu');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sign in again' })).toHaveFocus());

    await user.type(screen.getByLabelText(/^password/i), 'Tdx-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { level: 1, name: 'Token' });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/token?tab=claims');
    const fresh = useSessionStore.getState().session;
    expect(fresh?.token).not.toBe(old.token);
    expect(fresh?.username).toBe('jdoe@example.edu');
    expect(sent.find((r) => r.url.endsWith('/api/auth'))?.body).toEqual({
      username: 'jdoe@example.edu',
      password: 'Tdx-demo-2026',
    });
  });

  it('leaves the session as it was when the new sign-in fails or is abandoned', async () => {
    const old = sessionWithLeft(4 * MINUTE, 'password');
    stubFetch((request) =>
      request.url.endsWith('/api/auth/getuser')
        ? jsonAnswer(jdoeRecord())
        : errorAnswer(401, 'invalid_credentials', 'The user name or password is incorrect.'),
    );
    const { user, router } = renderRoute('/profile');
    await clickSignInAgain(user);
    await user.type(await screen.findByLabelText(/^password/i), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('The user name or password is incorrect.')).toBeInTheDocument();
    expect(useSessionStore.getState().session?.token).toBe(old.token);

    await user.click(screen.getByRole('link', { name: 'Keep the current session' }));
    expect(router.state.location.pathname).toBe('/profile');
    expect(await screen.findByRole('button', { name: 'Sign in again' })).toBeInTheDocument();
    expect(useSessionStore.getState().session?.token).toBe(old.token);
  });

  it('opens the admin-key form with the session’s BEID, never its key', async () => {
    const old = sessionWithLeft(4 * MINUTE, 'admin-key', ADMIN, BEID);
    stubFetch(freshLogins);
    const { user, router } = renderRoute('/token');
    await clickSignInAgain(user);

    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/admin-key?returnTo=%2Ftoken',
    );
    expect(await screen.findByRole('textbox', { name: /^BEID/ })).toHaveValue(BEID);
    expect(screen.getByLabelText(/^WebServicesKey/)).toHaveValue('');
    expect(useSessionStore.getState().session?.token).toBe(old.token);
  });

  it.each<SignInMethod>(['sso', 'pasted'])(
    'sends a %s session to the SSO page, keeping it',
    async (method) => {
      const old = sessionWithLeft(4 * MINUTE, method);
      stubFetch(freshLogins);
      const { user, router } = renderRoute('/profile');
      await clickSignInAgain(user);

      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/sso?returnTo=%2Fprofile',
      );
      expect(await screen.findByRole('heading', { name: 'Single sign-on' })).toBeInTheDocument();
      expect(useSessionStore.getState().session?.token).toBe(old.token);
    },
  );
});

describe('a session that expires', () => {
  it('as an admin-key session, goes to the admin-key form with its BEID, not to the password form', async () => {
    sessionWithLeft(MINUTE, 'admin-key', ADMIN, BEID);
    stubFetch(freshLogins);
    const { router } = renderRoute('/token');
    await screen.findByRole('heading', { level: 1, name: 'Token' });

    vi.setSystemTime(Date.now() + 2 * MINUTE);
    await signOutNow('expired');

    expect(await screen.findByText('Your session expired. Sign in again to continue.')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/admin-key?returnTo=%2Ftoken',
    );
    expect(screen.getByRole('textbox', { name: /^BEID/ })).toHaveValue(BEID);
  });

  it('as a password session, goes to the password form with its user name', async () => {
    sessionWithLeft(MINUTE, 'password');
    stubFetch(freshLogins);
    const { router } = renderRoute('/token');
    await screen.findByRole('heading', { level: 1, name: 'Token' });

    await signOutNow('expired');

    expect(await screen.findByText('Your session expired. Sign in again to continue.')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/sign-in?returnTo=%2Ftoken',
    );
    expect(screen.getByRole('textbox', { name: /user name/i })).toHaveValue('jdoe@example.edu');
  });

  it('after the user’s own sign-out, offers nobody’s name', async () => {
    sessionWithLeft(MINUTE, 'admin-key', ADMIN, BEID);
    stubFetch(freshLogins);
    const { router } = renderRoute('/token');
    await screen.findByRole('heading', { level: 1, name: 'Token' });

    await signOutNow('user');

    expect(await screen.findByRole('textbox', { name: /user name/i })).toHaveValue('');
    expect(router.state.location.pathname).toBe('/sign-in');
  });
});
