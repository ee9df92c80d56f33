import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { signInForTest } from '@/testing/session';
import { useSessionStore } from '@/session/stores/session-store';
import { createAppRouter } from './router';

/** The router the app makes for a tab opened at `path`, and where it starts, before anything is rendered. */
function startAt(path: string) {
  window.history.replaceState(null, '', path);
  const router = createAppRouter();
  const { pathname, search } = router.state.location;
  router.dispose();
  return { router: `${pathname}${search}`, address: `${window.location.pathname}${window.location.search}` };
}

const atSignIn = (returnTo: string, form = '/sign-in') => `${form}?returnTo=${encodeURIComponent(returnTo)}`;

afterEach(() => window.history.replaceState(null, '', '/'));

describe('where the app starts', () => {
  it.each(['/', '/profile', '/token', '/requests?method=GET&path=people%2Flookup'])(
    'signed out at %s: at the sign-in form the guard sends it to, with no render before it',
    (path) => {
      expect(startAt(path)).toEqual({ router: atSignIn(path), address: atSignIn(path) });
    },
  );

  it('signed out after a session the server ended: at the form of the method it was made with', () => {
    useSessionStore.setState({ endedSession: { method: 'sso', username: 'jdoe@example.edu' } });
    expect(startAt('/token').router).toBe(atSignIn('/token', '/sso'));
    useSessionStore.setState({ endedSession: { method: 'admin-key', username: 'svc', beid: 'x' } });
    expect(startAt('/').router).toBe(atSignIn('/', '/admin-key'));
  });

  it.each(['/sign-in?returnTo=%2Ftoken', '/admin-key', '/decode', '/sso', '/no-such-screen'])(
    'signed out at %s, a screen open to all: where it was opened',
    (path) => {
      expect(startAt(path)).toEqual({ router: path, address: path });
    },
  );

  it('signed in: where it was opened', () => {
    signInForTest();
    expect(startAt('/requests').router).toBe('/requests');
    expect(startAt('/').router).toBe('/');
  });

  it.each(['/', '/requests?method=GET'])(
    'signed out at %s, the same place the guard sends a navigation in the app',
    async (path) => {
      const { router } = renderRoute(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(startAt(path).router);
    },
  );
});
