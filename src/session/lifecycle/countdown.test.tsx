import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/render';
import { makeJwt } from '@/testing/tokens';
import { EMULATOR } from '@/lib/connection';
import { WARNING_MS, countdownAt, formatRemaining, useCountdown } from './countdown';
import { useExpiryWatch } from './expiry-watch';
import { useSessionStore } from '../stores/session-store';
import type { Session } from '../session';
import { startSession } from '../sign-in/start-session';
import { signInForTest } from '@/testing/session';

const SERVER_T = Date.parse('2026-03-02T12:00:00.000Z');
const MINUTE = 60_000;
const DAY = 86_400_000;

describe('formatRemaining', () => {
  it.each([
    [0, '00:00:00'],
    [-5_000, '00:00:00'],
    [1, '00:00:01'],
    [999, '00:00:01'],
    [1_000, '00:00:01'],
    [59_999, '00:01:00'],
    [3_723_000, '01:02:03'],
    [DAY, '24:00:00'],
    [100 * 3_600_000, '100:00:00'],
  ])('shows %i ms as %s', (ms, text) => {
    expect(formatRemaining(ms)).toBe(text);
  });
});

describe('countdownAt', () => {
  const expiresAt = SERVER_T + 3_600_000;

  it.each([
    ['fast', -10 * MINUTE],
    ['slow', 10 * MINUTE],
  ])('corrects a browser clock 10 minutes %s', (_name, offset) => {
    const browserNow = SERVER_T - offset;
    expect(countdownAt(expiresAt, offset, browserNow)).toEqual({
      remainingMs: 3_600_000,
      text: '01:00:00',
      warning: false,
      expired: false,
    });
  });

  it('warns from 5 minutes left', () => {
    expect(countdownAt(expiresAt, 0, expiresAt - WARNING_MS - 1).warning).toBe(false);
    expect(countdownAt(expiresAt, 0, expiresAt - WARNING_MS)).toMatchObject({
      warning: true,
      text: '00:05:00',
    });
  });

  it('expires at 0', () => {
    expect(countdownAt(expiresAt, 0, expiresAt - 1)).toMatchObject({ expired: false, text: '00:00:01' });
    expect(countdownAt(expiresAt, 0, expiresAt)).toMatchObject({
      expired: true,
      warning: true,
      text: '00:00:00',
    });
    expect(countdownAt(expiresAt, 0, expiresAt + 5_000)).toMatchObject({
      expired: true,
      remainingMs: -5_000,
    });
  });
});

function Watched() {
  useExpiryWatch();
  const countdown = useCountdown();
  return (
    <p data-testid="countdown">
      {countdown ? `${countdown.text}${countdown.warning ? ' warning' : ''}` : 'signed out'}
    </p>
  );
}

/** Signs in with a token the server issued at SERVER_T, seen by a browser whose clock is off by `skew`. */
function signInWithSkew(skew: number): Session {
  vi.setSystemTime(SERVER_T + skew);
  return signInForTest({ issuedAt: SERVER_T, serverDate: SERVER_T });
}

/** Browser-clock ms of the moment the session's token expires. */
const browserExpiry = (session: Session) => session.expiresAt - session.clockOffsetMs;

function recordSignOut() {
  const at: number[] = [];
  const stop = useSessionStore.subscribe((state, previous) => {
    if (previous.session && !state.session) at.push(Date.now());
  });
  return { at, stop };
}

async function renderWatched() {
  render(<Watched />);
  // The ticker reads the clock afresh in a microtask after the first subscriber.
  await act(async () => {});
}

const text = () => screen.getByTestId('countdown').textContent;

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function setVisibility(state: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('the live countdown and expiry watch', () => {
  beforeEach(() => {
    // setTimeout stays real so that Testing Library's waiting works; the ticker runs on setInterval.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  });

  afterEach(() => {
    cleanup();
  });

  it.each([
    ['10 minutes fast', 10 * MINUTE],
    ['10 minutes slow', -10 * MINUTE],
  ])('counts down from the server’s clock with the browser %s', async (_name, skew) => {
    signInWithSkew(skew);
    await renderWatched();
    expect(text()).toBe('24:00:00');
    advance(1_000);
    expect(text()).toBe('23:59:59');
    advance(3_600_000);
    expect(text()).toBe('22:59:59');
  });

  it.each([
    ['10 minutes fast', 10 * MINUTE],
    ['10 minutes slow', -10 * MINUTE],
  ])(
    'warns in the last 5 minutes and signs out within 1 s of exp, 24 h on, with the browser %s',
    async (_name, skew) => {
      const session = signInWithSkew(skew);
      const signOuts = recordSignOut();
      await renderWatched();

      // The display moves on whole ticks, so it may lag the clock by up to a second.
      advance(browserExpiry(session) - 5 * MINUTE - 1_000 - Date.now());
      expect(text()).toMatch(/^00:05:0[12]$/);
      advance(2_000);
      expect(text()).toMatch(/^00:0(5:00|4:59) warning$/);

      advance(browserExpiry(session) - 2_000 - Date.now());
      expect(useSessionStore.getState().session).not.toBeNull();
      while (signOuts.at.length === 0 && Date.now() < browserExpiry(session) + 5_000) advance(100);
      signOuts.stop();

      expect(signOuts.at).toHaveLength(1);
      const late = signOuts.at[0]! - browserExpiry(session);
      expect(late).toBeGreaterThanOrEqual(0);
      expect(late).toBeLessThanOrEqual(1_000);
      expect(useSessionStore.getState().lastSignOut).toBe('expired');
      expect(text()).toBe('signed out');
    },
  );

  it('recomputes the moment a hidden tab becomes visible again', async () => {
    signInWithSkew(0);
    await renderWatched();
    setVisibility('hidden');
    // A hidden tab's timers are throttled and a laptop may sleep: the clock moves, the ticker does not.
    vi.setSystemTime(Date.now() + 3 * 3_600_000);
    setVisibility('hidden');
    expect(text()).toBe('24:00:00');
    setVisibility('visible');
    expect(text()).toBe('21:00:00');
  });

  it('signs out the moment a tab shown again after the token’s expiry becomes visible', async () => {
    const session = signInWithSkew(-10 * MINUTE);
    const signOuts = recordSignOut();
    await renderWatched();
    setVisibility('hidden');
    vi.setSystemTime(browserExpiry(session) + 30 * MINUTE);
    expect(useSessionStore.getState().session).not.toBeNull();
    setVisibility('visible');
    signOuts.stop();
    expect(signOuts.at).toEqual([Date.now()]);
    expect(useSessionStore.getState().lastSignOut).toBe('expired');
    expect(text()).toBe('signed out');
  });

  it('counts a token without exp as signed out: it cannot start a session', async () => {
    vi.setSystemTime(SERVER_T);
    const token = makeJwt({ unique_name: 'jdoe@example.edu', nbf: SERVER_T / 1000 });
    const result = startSession({ token, serverDate: SERVER_T, connection: EMULATOR }, 'password');
    expect(result).toEqual({ ok: false, message: 'The token has no valid expiry (exp).' });
    await renderWatched();
    expect(useSessionStore.getState().session).toBeNull();
    expect(text()).toBe('signed out');
  });

  it('takes the person to sign-in at expiry, keeping the path to come back to', async () => {
    const session = signInWithSkew(10 * MINUTE);
    const { router } = renderRoute('/token?tab=claims');
    expect(await screen.findByRole('heading', { name: 'Token' })).toBeInTheDocument();
    advance(browserExpiry(session) - Date.now() - 1);
    expect(router.state.location.pathname).toBe('/token');
    // Awaited: the sign-in page's notice suspends on its code, a render a synchronous act drops unfinished.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toBe(`?returnTo=${encodeURIComponent('/token?tab=claims')}`);
    expect(await screen.findByText('Your session expired. Sign in again to continue.')).toBeInTheDocument();
  });
});
