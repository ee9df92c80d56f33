import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/session/stores/session-store';
import { deferred, errorAnswer, jsonAnswer, stubFetch, textAnswer, type SentRequest } from '@/testing/fetch';
import { shownDetails } from '@/testing/answer-details';
import { renderRoute } from '@/testing/render';
import { signInForTest } from '@/testing/session';
import { tdToken } from '@/testing/tokens';
import { jdoeRecord } from '@/testing/user-record';

const usernameField = () => screen.getByRole('textbox', { name: /user name/i });
const passwordField = () => screen.getByLabelText(/^password/i);
const signInButton = () => screen.getByRole('button', { name: /^(sign in|signing in…)$/i });

/** The server: logins answer a fresh token, getuser jdoe's record. */
function loginThenProfile(request: SentRequest) {
  if (request.url.endsWith('/api/auth/getuser')) return jsonAnswer(jdoeRecord());
  return textAnswer(tdToken('jdoe@example.edu', Date.now()));
}

async function fillAndSubmit(user: ReturnType<typeof renderRoute>['user'], password = 'Tdx-demo-2026') {
  await user.type(usernameField(), '  jdoe@example.edu ');
  await user.type(passwordField(), password);
  await user.click(signInButton());
}

describe('the sign-in page', () => {
  it('names its fields for password managers', async () => {
    renderRoute('/sign-in');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(usernameField()).toHaveAttribute('autocomplete', 'username');
    // Focused once the form's first frame is painted (useFocusOnceShown).
    await waitFor(() => expect(usernameField()).toHaveFocus());
    expect(passwordField()).toHaveAttribute('autocomplete', 'current-password');
    expect(passwordField()).toHaveAttribute('type', 'password');
  });

  it('after “Your session ended”, with the user name filled in, puts focus on the password', async () => {
    stubFetch(() => jsonAnswer(jdoeRecord()));
    signInForTest();
    const { user, router } = renderRoute('/profile');
    await user.click(await screen.findByRole('heading', { level: 1, name: 'Profile' }));
    // In an awaited act: the sign-in page's notice suspends on its code, which a synchronous act does not wait for.
    await act(() => Promise.resolve(useSessionStore.getState().signOut('ended')));
    expect(await screen.findByText('Your session ended. Sign in again to continue.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(usernameField()).toHaveValue('jdoe@example.edu');
    await waitFor(() => expect(passwordField()).toHaveFocus());
  });

  it('says inline which fields are empty and sends nothing', async () => {
    const { sent } = stubFetch(loginThenProfile);
    const { user } = renderRoute('/sign-in');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your user name.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(usernameField()).toHaveAttribute('aria-invalid', 'true');
    expect(usernameField()).toHaveAccessibleDescription('Enter your user name.');

    await user.type(usernameField(), '   ');
    await user.type(passwordField(), 'x');
    await user.click(signInButton());
    expect(screen.getByText('Enter your user name.')).toBeInTheDocument();
    expect(screen.queryByText('Enter your password.')).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('disables the button while signing in, then goes to the profile', async () => {
    const answer = deferred<Response>();
    const { sent } = stubFetch((request) =>
      request.url.endsWith('/getuser') ? jsonAnswer(jdoeRecord()) : answer.promise,
    );
    const { user, router } = renderRoute('/sign-in');
    await screen.findByRole('heading', { name: 'Sign in' });
    await fillAndSubmit(user);

    expect(signInButton()).toBeDisabled();
    expect(signInButton()).toHaveTextContent('Signing in…');
    // The request leaves once the sign-in code (loaded on demand) is here; the button is busy from the click.
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      url: '/TDWebApi/api/auth',
      method: 'POST',
      body: { username: 'jdoe@example.edu', password: 'Tdx-demo-2026' },
    });
    expect(sent[0]?.headers).not.toHaveProperty('Authorization');

    answer.resolve(textAnswer(tdToken('jdoe@example.edu', Date.now())));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(useSessionStore.getState().session).toMatchObject({
      username: 'jdoe@example.edu',
      method: 'password',
    });
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });

  it('signs in through /api/auth/login when that endpoint is chosen', async () => {
    const { sent } = stubFetch(loginThenProfile);
    const { user } = renderRoute('/sign-in');
    await user.click(await screen.findByRole('radio', { name: 'POST /api/auth/login' }));
    await fillAndSubmit(user);
    await screen.findByRole('heading', { name: 'Profile' });
    expect(sent[0]?.url).toBe('/TDWebApi/api/auth/login');
  });

  it('goes back to a safe returnTo path after signing in', async () => {
    stubFetch(loginThenProfile);
    const { user, router } = renderRoute(`/sign-in?returnTo=${encodeURIComponent('/token?view=claims')}`);
    await screen.findByRole('heading', { name: 'Sign in' });
    await fillAndSubmit(user);
    expect(await screen.findByRole('heading', { name: 'Token' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/token', search: '?view=claims' });
  });

  it.each([
    ['//evil.com'],
    ['https://evil.com/profile'],
    ['/\\evil.com'],
    ['/.//evil.com'],
    ['javascript:alert(1)'],
  ])('ignores the unsafe returnTo %j and goes to the profile', async (returnTo) => {
    stubFetch(loginThenProfile);
    const { user, router } = renderRoute(`/sign-in?returnTo=${encodeURIComponent(returnTo)}`);
    await screen.findByRole('heading', { name: 'Sign in' });
    await fillAndSubmit(user);
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('keeps the token out of sessionStorage when asked to keep it in memory only', async () => {
    stubFetch(loginThenProfile);
    const { user } = renderRoute('/sign-in');
    await user.click(await screen.findByRole('checkbox', { name: /memory only/i }));
    await fillAndSubmit(user);
    await screen.findByRole('heading', { name: 'Profile' });
    const token = useSessionStore.getState().session?.token ?? 'missing';
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(token);
    expect(localStorage.length).toBe(0);
  });

  describe('says specifically what went wrong', () => {
    it.each([
      [
        'wrong credentials',
        () => errorAnswer(401, 'invalid_credentials', 'The user name or password is incorrect.'),
        'The user name or password is incorrect.',
      ],
      [
        'wrong credentials, in no words',
        () => new Response('', { status: 401 }),
        'The credentials are incorrect.',
      ],
      [
        'an inactive account',
        () => errorAnswer(403, 'account_inactive', 'This account is not active.'),
        'This account is not active.',
      ],
      [
        'a locked account',
        () =>
          errorAnswer(
            403,
            'account_locked',
            'Too many failed sign-in attempts for this account. Try again in 15 minutes.',
          ),
        'Too many failed sign-in attempts for this account. Try again in 15 minutes.',
      ],
      [
        'an answer that is not a token',
        () => textAnswer('<html>Sign in</html>'),
        'The server did not answer a JWT.',
      ],
    ])('%s', async (_name, answer, message) => {
      stubFetch(answer);
      const { user, router } = renderRoute('/sign-in');
      await screen.findByRole('heading', { name: 'Sign in' });
      await fillAndSubmit(user);
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(signInButton()).toBeEnabled();
      expect(router.state.location.pathname).toBe('/sign-in');
      expect(useSessionStore.getState().session).toBeNull();
    });

    it('a rate limit that counts down each second, on a disabled button, per endpoint, and clears at the reset', async () => {
      vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
      vi.setSystemTime(Date.parse('2026-03-02T12:00:00Z'));
      const retryAt = new Date(Date.now() + 42_000);
      const { sent } = stubFetch(() =>
        errorAnswer(429, 'rate_limited', 'Too many requests.', {
          'Retry-After': '42',
          'X-RateLimit-Limit': '60',
          'X-RateLimit-Remaining': '0',
          'X-RateLimit-Reset': retryAt.toUTCString(),
        }),
      );
      const { user } = renderRoute('/sign-in');
      await screen.findByRole('heading', { name: 'Sign in' });
      await fillAndSubmit(user);
      const at = retryAt.toLocaleTimeString();
      expect(await screen.findByRole('alert')).toHaveTextContent(
        `Too many calls to this method. Try again in 42 seconds (at ${at}).`,
      );
      const meter = screen.getByRole('region', { name: 'Rate limits' });
      expect(within(meter).getByText(/0 of 60 left/)).toBeInTheDocument();
      const waitingButton = () => screen.getByRole('button', { name: /^Sign in \(wait \d+ s\)$/ });
      expect(waitingButton()).toBeDisabled();
      expect(waitingButton()).toHaveAccessibleName('Sign in (wait 42 s)');

      await act(() => vi.advanceTimersByTimeAsync(12_000));
      expect(screen.getByRole('alert')).toHaveTextContent(`Try again in 30 seconds (at ${at}).`);
      expect(waitingButton()).toHaveAccessibleName('Sign in (wait 30 s)');

      // /api/auth/login keeps its own count: choosing it frees the button at once, and choosing back does not.
      await user.click(screen.getByRole('radio', { name: 'POST /api/auth/login' }));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
      await user.click(screen.getByRole('radio', { name: 'POST /api/auth' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Try again in 30 seconds');
      expect(waitingButton()).toBeDisabled();

      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
      expect(sent).toHaveLength(1);
    });

    it('the answer behind a failure, on request: status, error code, time and rate-limit headers', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.parse('2026-03-02T12:00:00Z'));
      stubFetch(() =>
        errorAnswer(401, 'invalid_credentials', 'The user name or password is incorrect.', {
          'X-RateLimit-Limit': '60',
          'X-RateLimit-Remaining': '57',
          'X-RateLimit-Reset': 'Mon, 02 Mar 2026 12:01:00 GMT',
        }),
      );
      const { user } = renderRoute('/sign-in');
      await screen.findByRole('heading', { name: 'Sign in' });
      await fillAndSubmit(user);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        /^The user name or password is incorrect\.$/,
      );
      expect(screen.queryByRole('definition')).not.toBeInTheDocument();

      const disclosure = screen.getByRole('button', { name: 'Show details' });
      expect(disclosure).toHaveAttribute('aria-expanded', 'false');
      await user.click(disclosure);
      expect(screen.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
      expect(shownDetails()).toEqual({
        Call: 'POST auth',
        'HTTP status': '401',
        'Error code': 'invalid_credentials',
        Time: expect.stringContaining('2026-03-02T12:00:00.000Z') as string,
        'X-RateLimit-Limit': '60',
        'X-RateLimit-Remaining': '57',
        'X-RateLimit-Reset': 'Mon, 02 Mar 2026 12:01:00 GMT',
      });
    });

    it('an unreachable server, named', async () => {
      stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
      const { user } = renderRoute('/sign-in');
      await screen.findByRole('heading', { name: 'Sign in' });
      await fillAndSubmit(user);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        `The server at ${window.location.origin} cannot be reached. Check that it is running.`,
      );
    });
  });

  it('tells why the session ended when it comes back to sign-in', async () => {
    useSessionStore.setState({ lastSignOut: 'other-tab' });
    // Rendered in an awaited act: the notice suspends on its code, which a synchronous act does not wait for.
    await act(() => Promise.resolve(renderRoute('/sign-in')));
    expect(await screen.findByText('You signed out in another tab.')).toBeInTheDocument();
  });
});
