import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { watchConsoleInEachTest } from '@/testing/console-calls';
import { useSessionStore } from '@/session/stores/session-store';
import { errorAnswer, jsonAnswer, stubFetch, textAnswer, type SentRequest } from '@/testing/fetch';
import { renderRoute } from '@/testing/render';
import { tdToken } from '@/testing/tokens';
import { jdoeRecord } from '@/testing/user-record';
import { signInForTest } from '@/testing/session';

const BEID = '5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f10';
const KEY = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const ADMIN = 'api-admin@example.edu';

const beidField = () => screen.getByRole('textbox', { name: /BEID/ });
const keyField = () => screen.getByLabelText(/^WebServicesKey/);

function adminServer(request: SentRequest) {
  if (request.url.endsWith('/api/auth/getuser'))
    return jsonAnswer(jdoeRecord({ UserName: ADMIN, FullName: 'API Admin', TypeID: 9 }));
  return textAnswer(tdToken(ADMIN, Date.now()));
}

async function open(path = '/admin-key') {
  const rendered = renderRoute(path);
  await screen.findByRole('heading', { name: 'Admin key' });
  return rendered;
}

/** Pastes the values in, as administrators do with GUIDs. */
async function enter(user: ReturnType<typeof renderRoute>['user'], beid: string, key: string) {
  if (beid) {
    await user.click(beidField());
    await user.paste(beid);
  }
  if (key) {
    await user.click(keyField());
    await user.paste(key);
  }
}

const logged = watchConsoleInEachTest();

/** Everything the key could have been left in: storage, cookies, the address, the page, the browser console. */
function leftAnywhere(router: ReturnType<typeof renderRoute>['router'], secret: string) {
  return [
    logged(),
    JSON.stringify({ ...sessionStorage }),
    JSON.stringify({ ...localStorage }),
    document.cookie,
    router.state.location.pathname + router.state.location.search + router.state.location.hash,
    document.body.textContent ?? '',
  ].some((place) => place.toLowerCase().includes(secret.toLowerCase()));
}

describe('the admin-key form', () => {
  it('checks both GUIDs before sending anything, saying what is wrong', async () => {
    const { sent } = stubFetch(adminServer);
    const { user } = await open();
    await enter(user, 'abc', '');
    await user.click(screen.getByRole('button', { name: 'Test credentials' }));
    expect(beidField()).toHaveAccessibleDescription('The BEID must have 32 hexadecimal digits (it has 3).');
    expect(keyField()).toHaveAccessibleDescription('Enter the WebServicesKey.');

    await user.clear(beidField());
    await enter(user, BEID, `${KEY}}`);
    await user.click(screen.getByRole('button', { name: 'Sign in with key' }));
    expect(screen.queryByText(/The BEID/)).not.toBeInTheDocument();
    expect(keyField()).toHaveAccessibleDescription('The WebServicesKey has an unmatched brace.');
    expect(sent).toHaveLength(0);
  });

  it('masks the key, with a toggle that reveals and hides it', async () => {
    const { user } = await open();
    await enter(user, '', KEY);
    expect(keyField()).toHaveAttribute('type', 'password');
    expect(keyField()).toHaveAttribute('autocomplete', 'off');
    await user.click(screen.getByRole('button', { name: 'Show the key' }));
    expect(keyField()).toHaveAttribute('type', 'text');
    expect(keyField()).toHaveValue(KEY);
    expect(screen.getByRole('button', { name: 'Hide the key' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Hide the key' }));
    expect(keyField()).toHaveAttribute('type', 'password');
  });

  it('tests the credentials without touching the signed-out session, keeping both fields for the next test', async () => {
    const { sent } = stubFetch(adminServer);
    const { user, router } = await open();
    await enter(user, ` {${BEID.toUpperCase()}} `, KEY.toUpperCase());
    await user.click(screen.getByRole('button', { name: 'Test credentials' }));

    expect(await screen.findByText('The key is valid')).toBeInTheDocument();
    expect(screen.getByText(ADMIN)).toBeInTheDocument();
    expect(screen.getByText(/Your current session is unchanged/)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      url: '/TDWebApi/api/auth/loginadmin',
      method: 'POST',
      body: { BEID, WebServicesKey: KEY },
    });
    expect(useSessionStore.getState().session).toBeNull();
    expect(beidField()).toHaveValue(` {${BEID.toUpperCase()}} `);
    expect(keyField()).toHaveValue(KEY.toUpperCase());
    expect(leftAnywhere(router, KEY)).toBe(false);
    expect(router.state.location.pathname).toBe('/admin-key');

    // The next test needs no pasting again.
    await user.click(screen.getByRole('button', { name: 'Test credentials' }));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).toEqual({ BEID, WebServicesKey: KEY });
  });

  it('masks a revealed key again as an attempt starts, and clears it only when asked', async () => {
    stubFetch(() => errorAnswer(401, 'invalid_credentials', 'The BEID or WebServicesKey is incorrect.'));
    const { user, router } = await open();
    await enter(user, BEID, KEY);
    await user.click(screen.getByRole('button', { name: 'Show the key' }));
    expect(keyField()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Test credentials' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The BEID or WebServicesKey is incorrect.');
    expect(keyField()).toHaveAttribute('type', 'password');
    expect(keyField()).toHaveValue(KEY);

    await user.click(screen.getByRole('button', { name: 'Clear the key' }));
    expect(keyField()).toHaveValue('');
    expect(keyField()).toHaveFocus();
    expect(beidField()).toHaveValue(BEID);
    expect(screen.queryByRole('button', { name: 'Clear the key' })).not.toBeInTheDocument();
    expect(leftAnywhere(router, KEY)).toBe(false);
  });

  it("leaves a signed-in user's session as it is when testing a key", async () => {
    signInForTest();
    const before = useSessionStore.getState().session;
    const { sent } = stubFetch(adminServer);
    const { user } = await open();
    await enter(user, BEID, KEY);
    await user.click(screen.getByRole('button', { name: 'Test credentials' }));

    expect(await screen.findByText('The key is valid')).toBeInTheDocument();
    expect(useSessionStore.getState().session).toBe(before);
    expect(sent[0]?.headers).not.toHaveProperty('Authorization');
  });

  it('offers to use a tested token for this session', async () => {
    stubFetch(adminServer);
    const { user, router } = await open();
    await enter(user, BEID, KEY);
    await user.click(screen.getByRole('button', { name: 'Test credentials' }));
    await user.click(await screen.findByRole('button', { name: 'Use for this session' }));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(useSessionStore.getState().session).toMatchObject({ username: ADMIN, method: 'admin-key' });
  });

  it('signs in with the key and goes where the person was headed', async () => {
    stubFetch(adminServer);
    const { user, router } = await open(`/admin-key?returnTo=${encodeURIComponent('/token')}`);
    await enter(user, BEID, KEY);
    await user.click(screen.getByRole('button', { name: 'Sign in with key' }));
    expect(await screen.findByRole('heading', { name: 'Token' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/token');
    expect(useSessionStore.getState().session).toMatchObject({ username: ADMIN, method: 'admin-key' });
    expect(leftAnywhere(router, KEY)).toBe(false);
  });

  it.each([
    [
      'a wrong key or BEID',
      () => errorAnswer(401, 'invalid_credentials', 'The BEID or WebServicesKey is incorrect.'),
      'The BEID or WebServicesKey is incorrect.',
    ],
    [
      'an inactive admin account',
      () => errorAnswer(403, 'account_inactive', "This organization's admin service account is not active."),
      "This organization's admin service account is not active.",
    ],
    [
      'a rate limit',
      () => errorAnswer(429, 'rate_limited', 'Too many requests.', { 'Retry-After': '30' }),
      'Too many calls to this method. Try again in',
    ],
    ['an unreachable server', () => Promise.reject(new TypeError('Failed to fetch')), 'cannot be reached'],
  ])('reports %s, keeps the key in the form and the session as it was', async (_name, answer, message) => {
    stubFetch(answer);
    const { user, router } = await open();
    await enter(user, BEID, KEY);
    await user.click(screen.getByRole('button', { name: 'Test credentials' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(keyField()).toHaveValue(KEY);
    expect(useSessionStore.getState().session).toBeNull();
    expect(leftAnywhere(router, KEY)).toBe(false);
  });

  it('rate limited: both buttons wait with the countdown, which clears itself at the reset', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(Date.parse('2026-03-02T12:00:00Z'));
    const { sent } = stubFetch(() =>
      errorAnswer(429, 'rate_limited', 'Too many requests.', { 'Retry-After': '30' }),
    );
    const { user } = await open();
    await enter(user, BEID, KEY);
    await user.click(screen.getByRole('button', { name: 'Test credentials' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in 30 seconds');
    expect(screen.getByRole('button', { name: 'Test credentials (wait 30 s)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign in with key (wait 30 s)' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(screen.getByRole('alert')).toHaveTextContent('Try again in 10 seconds');
    expect(screen.getByRole('button', { name: 'Sign in with key (wait 10 s)' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Test credentials' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sign in with key' })).toBeEnabled();
    expect(sent).toHaveLength(1);
  });
});
