import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { catchPageLoadsInEachTest } from '@/testing/page-loads';
import { EMULATOR_SANDBOX } from '@/lib/connection';
import { useSessionStore } from '@/session/stores/session-store';
import type { SignInMethod } from '@/session/session';
import { deferred, errorAnswer, jsonAnswer, stubFetch } from '@/testing/fetch';
import { renderRoute } from '@/testing/render';
import { jdoeRecord } from '@/testing/user-record';
import { signInForTest } from '@/testing/session';

const assign = catchPageLoadsInEachTest();

function signedIn(method: SignInMethod, connection = EMULATOR_SANDBOX) {
  signInForTest({ method, connection });
}

async function signOutFromProfile() {
  const { user } = renderRoute('/profile');
  const signOut = (await screen.findAllByRole('button', { name: 'Sign out' }))[0]!;
  // Awaited: the sign-in page's notice suspends on its code, which a synchronous act does not wait for.
  await act(() => user.click(signOut));
}

describe("the console's sign-out", () => {
  it('after a password session: the sign-in screen says "You are signed out", and no SSO sign-out is sent', async () => {
    signedIn('password');
    const { sent } = stubFetch(() => jsonAnswer(jdoeRecord()));
    await signOutFromProfile();
    expect(await screen.findByText('You are signed out.')).toBeInTheDocument();
    expect(sent.filter((r) => r.url.includes('logoutsso'))).toEqual([]);
    expect(useSessionStore.getState().session).toBeNull();
  });

  it('after an SSO session: ends it on the same API base, then goes to the provider to end its session', async () => {
    signedIn('sso');
    const answer = deferred<Response>();
    const { sent } = stubFetch((request) =>
      request.url.includes('logoutsso') ? answer.promise : jsonAnswer(jdoeRecord()),
    );
    await signOutFromProfile();
    // The token is gone before the server answers.
    expect(useSessionStore.getState().session).toBeNull();
    expect(await screen.findByText('You are signed out. Ending single sign-on…')).toBeInTheDocument();
    const logout = sent.find((r) => r.url.includes('logoutsso'))!;
    expect(logout).toMatchObject({ url: '/SBTDWebApi/api/auth/logoutsso', method: 'POST' });
    expect(logout.headers.Authorization).toBeUndefined();
    answer.resolve(jsonAnswer({ ended: true, endSessionUrl: '/idp/session/end?client_id=x' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/idp/session/end?client_id=x'));
    expect(sessionStorage.getItem('auth-console.sso-signed-out')).toBe('ended');
  });

  it('with no provider sign-out to go to, says single sign-on was ended and stays', async () => {
    signedIn('sso');
    stubFetch((request) =>
      request.url.includes('logoutsso')
        ? jsonAnswer({ ended: true, endSessionUrl: null })
        : jsonAnswer(jdoeRecord()),
    );
    await signOutFromProfile();
    expect(await screen.findByText('You are signed out. Single sign-on was ended too.')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    ['an error answer', () => errorAnswer(403, 'cross_site_request', 'no')],
    ['a javascript: URL', () => jsonAnswer({ ended: true, endSessionUrl: 'javascript:alert(1)' })],
  ])('never leaves for the provider on %s', async (_, answer) => {
    signedIn('sso');
    stubFetch((request) => (request.url.includes('logoutsso') ? answer() : jsonAnswer(jdoeRecord())));
    await signOutFromProfile();
    await screen.findByText(/^You are signed out\./);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(assign).not.toHaveBeenCalled();
  });

  it('says so when the SSO session could not be ended', async () => {
    signedIn('sso');
    stubFetch((request) =>
      request.url.includes('logoutsso')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : jsonAnswer(jdoeRecord()),
    );
    await signOutFromProfile();
    expect(await screen.findByText(/Single sign-on could not be ended/)).toBeInTheDocument();
  });
});
