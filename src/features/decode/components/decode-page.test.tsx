import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/session/stores/session-store';
import { errorAnswer, jsonAnswer, stubFetch } from '@/testing/fetch';
import { shownDetails } from '@/testing/answer-details';
import { renderRoute } from '@/testing/render';
import { signInForTest } from '@/testing/session';
import { makeJwt } from '@/testing/tokens';
import { jdoeRecord } from '@/testing/user-record';

// Expected times are written out by hand: a fixed zone (the locale is Node's en-US).
process.env.TZ = 'America/New_York';
const ISSUED = Date.parse('2026-03-02T12:00:00Z') / 1000;
const TOKEN = makeJwt({
  unique_name: 'jdoe@example.edu',
  iss: 'TD',
  nbf: ISSUED,
  iat: ISSUED,
  exp: ISSUED + 86_400,
});
const tokenField = () => screen.getByRole('textbox', { name: 'Token' });

async function openWithToken(text = TOKEN) {
  const rendered = renderRoute('/decode');
  await screen.findByRole('heading', { level: 1, name: 'Decode a token' });
  // Pasted, as people do: one change event with the whole text.
  fireEvent.change(tokenField(), { target: { value: text } });
  return rendered;
}

describe('the decode screen', () => {
  it('decodes a pasted token signed out: header, claims, and each time as number, local time and UTC, sending nothing', async () => {
    const { sent } = stubFetch(() => jsonAnswer(jdoeRecord()));
    await openWithToken(`Bearer ${TOKEN}`);
    // The same rendering as the token page's claims (its own tests pin the format down).
    const times = screen.getByRole('table', { name: 'Token claims' });
    expect(within(times).getByRole('row', { name: /^exp/ })).toHaveTextContent(
      `exp${ISSUED + 86_400}3/3/2026, 7:00:00 AM local timeTue, 03 Mar 2026 12:00:00 GMT`,
    );
    expect(within(times).getByRole('row', { name: /^nbf/ })).toHaveTextContent(
      `nbf${ISSUED}3/2/2026, 7:00:00 AM local timeMon, 02 Mar 2026 12:00:00 GMT`,
    );
    expect(within(times).getByRole('row', { name: /^iat/ })).toHaveTextContent(
      `iat${ISSUED}3/2/2026, 7:00:00 AM local timeMon, 02 Mar 2026 12:00:00 GMT`,
    );
    expect(
      within(screen.getByRole('table', { name: 'Token header' })).getByText('HS256'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Token claims' })).getByText('jdoe@example.edu'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    expect(sessionStorage.length + localStorage.length).toBe(0);
  });

  it('says when the text is not a JWT', async () => {
    await openWithToken('not a token');
    expect(tokenField()).toHaveAccessibleDescription(
      'This is not a JWT: it should be three parts separated by dots.',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('checks it with one getuser carrying that token, without starting a session or storing it', async () => {
    const { sent } = stubFetch(() => jsonAnswer(jdoeRecord()));
    const { user } = await openWithToken();
    await user.click(screen.getByRole('button', { name: 'Check with getuser' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The server accepted the token: getuser answered for jdoe@example.edu.',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: '/TDWebApi/api/auth/getuser', method: 'GET' });
    expect(sent[0]?.headers.Authorization).toBe(`Bearer ${TOKEN}`);
    expect(useSessionStore.getState().session).toBeNull();
    expect(JSON.stringify({ ...sessionStorage, ...localStorage })).not.toContain(TOKEN);
  });

  it('shows a refusal with the details of the answer', async () => {
    stubFetch(() => errorAnswer(401, 'invalid_token', 'The token is not valid.'));
    const { user } = await openWithToken();
    await user.click(screen.getByRole('button', { name: 'Check with getuser' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server did not accept the token.');
    await user.click(screen.getByRole('button', { name: 'Show details' }));
    expect(shownDetails()['HTTP status']).toBe('401');
  });

  it('signed in, speaks of the pasted token when the server refuses it, never of the session, which goes on', async () => {
    const session = signInForTest();
    const { sent } = stubFetch((request) =>
      request.headers.Authorization === `Bearer ${TOKEN}`
        ? errorAnswer(401, 'invalid_token', 'The token has expired.')
        : jsonAnswer(jdoeRecord()),
    );
    const { user, router } = await openWithToken();
    const before = sent.length;
    await user.click(screen.getByRole('button', { name: 'Check with getuser' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The server did not accept the token. The server said: The token has expired.',
    );
    expect(alert).not.toHaveTextContent(/session/i);
    // One getuser with the pasted token; no probe with the session's, no sign-out.
    expect(sent.slice(before).map((r) => r.headers.Authorization)).toEqual([`Bearer ${TOKEN}`]);
    expect(useSessionStore.getState().session?.token).toBe(session.token);
    expect(router.state.location.pathname).toBe('/decode');
  });

  it('forgets the token when the screen is left', async () => {
    const { router } = await openWithToken();
    await router.navigate('/sign-in');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await router.navigate('/decode');
    await screen.findByRole('heading', { level: 1, name: 'Decode a token' });
    expect(tokenField()).toHaveValue('');
  });

  it('is linked from the sign-in page', async () => {
    const { user, router } = renderRoute('/sign-in');
    await user.click(await screen.findByRole('link', { name: 'Decode a token' }));
    await screen.findByRole('heading', { level: 1, name: 'Decode a token' });
    expect(router.state.location.pathname).toBe('/decode');
  });
});

describe('the verdict on the token’s time', () => {
  const EXP_MS = (ISSUED + 86_400) * 1000;
  const verdict = () => screen.getByText(/^(Not expired|Expired|Not valid yet|No expiry)/);
  const fakeClock = (at: number) => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(at);
  };

  it('counts a valid token’s time left down from the one clock, then says it has expired', async () => {
    fakeClock(EXP_MS - 3_000);
    await openWithToken();
    expect(verdict()).toHaveTextContent(/^Not expired: 00:00:03 left\.$/);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(verdict()).toHaveTextContent(/^Not expired: 00:00:02 left\.$/);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(verdict()).toHaveTextContent(/^Expired: the server refuses a token after its exp\.$/);
    expect(screen.getByRole('timer')).toBe(verdict().closest('[role="timer"]'));
  });

  it('says "expired" at once for a token past its exp', async () => {
    fakeClock(EXP_MS + 86_400_000);
    await openWithToken();
    expect(verdict()).toHaveTextContent('Expired: the server refuses a token after its exp.');
  });

  it('says a token is not valid yet before its nbf, and when a token has no exp', async () => {
    fakeClock(ISSUED * 1000 - 90_000);
    await openWithToken();
    expect(verdict()).toHaveTextContent('Not valid yet: its nbf is 00:01:30 away.');
    fireEvent.change(tokenField(), { target: { value: makeJwt({ unique_name: 'x' }) } });
    expect(verdict()).toHaveTextContent('No expiry: the token has no exp claim.');
  });

  it('signed in, sits in the app frame and reads the clock as the session’s countdown does', async () => {
    // The browser's clock is 2 minutes behind the server's: the session measured it when it signed in (a Date
    // header's whole second counts as its middle).
    fakeClock(ISSUED * 1000 + 3_600_000 - 120_000);
    const session = signInForTest({ issuedAt: ISSUED * 1000, serverDate: ISSUED * 1000 + 3_600_000 });
    expect(session.clockOffsetMs).toBe(120_500);
    stubFetch(() => jsonAnswer(jdoeRecord()));
    await openWithToken(session.token);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    const chip = screen.getByRole('timer', { name: /^Session time left/ });
    expect(chip).toHaveTextContent('23:00:00');
    expect(verdict()).toHaveTextContent('Not expired: 23:00:00 left.');
    expect(screen.queryByRole('link', { name: /Back to/ })).not.toBeInTheDocument();
  });
});
