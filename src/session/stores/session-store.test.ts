import { describe, expect, it, vi } from 'vitest';
import { fakeDateInEachTest } from '@/testing/fake-date';
import { resetConsoleState } from '@/testing/reset';
import { makeJwt, tdClaims, tdToken } from '@/testing/tokens';
import { SESSION_STORAGE_KEY, remainingMs, serverNow, useSessionStore } from './session-store';
import { SIGN_IN_METHOD_LABELS, type Session } from '../session';
import { sessionFromToken } from '../sign-in/session-from-token';

/** The server's true time when it issued the token, deliberately not on a whole second. */
const SERVER_T = Date.parse('2026-03-02T12:00:00.700Z');
const MINUTE = 60_000;

function issue(username = 'jdoe@example.edu', issuedAt = SERVER_T, lifetimeSeconds = 86_400) {
  const token = tdToken(username, issuedAt, lifetimeSeconds);
  // The Date header, like the token's nbf, is the server's time truncated to the second.
  return { token, serverDate: Math.floor(issuedAt / 1000) * 1000, exp: tdClaims(username, issuedAt).exp };
}

function signIn(username = 'jdoe@example.edu'): Session {
  const { token, serverDate } = issue(username);
  const result = sessionFromToken(token, 'password', serverDate);
  if (!result.ok) throw new Error(result.message);
  useSessionStore.getState().adopt(result.session);
  return result.session;
}

function stored(): string {
  return sessionStorage.getItem(SESSION_STORAGE_KEY) ?? '';
}

async function rehydrateFrom(state: unknown) {
  sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ state, version: 0 }));
  await useSessionStore.persist.rehydrate();
  return useSessionStore.getState().session;
}

fakeDateInEachTest(SERVER_T);

describe('sessionFromToken', () => {
  it('reads the token into a session', () => {
    const { token, serverDate, exp } = issue();
    const result = sessionFromToken(token, 'admin-key', serverDate);
    expect(result).toMatchObject({
      ok: true,
      session: {
        token,
        username: 'jdoe@example.edu',
        method: 'admin-key',
        expiresAt: exp * 1000,
        obtainedAt: SERVER_T,
        header: { alg: 'HS256', typ: 'JWT' },
        claims: { unique_name: 'jdoe@example.edu', iss: 'TD' },
      },
    });
  });

  describe.each([
    ['10 minutes fast', 10 * MINUTE],
    ['10 minutes slow', -10 * MINUTE],
  ])('with the browser clock %s', (_name, skew) => {
    const truth = (exp: number) => exp * 1000 - (Date.now() - skew);

    it.each([
      ['the Date header', true],
      ['the token’s nbf', false],
    ])('measures the time left within 2 s of the truth from %s', (_source, withDate) => {
      const { token, serverDate, exp } = issue();
      // The answer arrives 150 ms after the server stamped it.
      vi.setSystemTime(SERVER_T + skew + 150);
      const result = sessionFromToken(token, 'password', withDate ? serverDate : null);
      if (!result.ok) throw new Error(result.message);
      expect(Math.abs(remainingMs(result.session) - truth(exp))).toBeLessThanOrEqual(2000);
      expect(Math.abs(result.session.clockOffsetMs + skew)).toBeLessThanOrEqual(2000);

      vi.setSystemTime(Date.now() + 5 * 3_600_000);
      expect(Math.abs(remainingMs(result.session) - truth(exp))).toBeLessThanOrEqual(2000);
      expect(Math.abs(serverNow(result.session) - (Date.now() - skew))).toBeLessThanOrEqual(2000);
    });
  });

  it('accepts a token with minutes left although a fast browser clock is already past its exp', () => {
    const { token, serverDate } = issue('jdoe@example.edu', SERVER_T, 5 * 60);
    vi.setSystemTime(SERVER_T + 10 * MINUTE);
    const result = sessionFromToken(token, 'password', serverDate);
    expect(result.ok).toBe(true);
    if (result.ok) expect(remainingMs(result.session)).toBeGreaterThan(4 * MINUTE);
  });

  it('does not correct a pasted token’s clock by its nbf, which may be long ago', () => {
    const token = tdToken('jdoe@example.edu', SERVER_T - 3_600_000);
    const result = sessionFromToken(token, 'pasted', null);
    expect(result).toMatchObject({ ok: true, session: { clockOffsetMs: 0 } });
  });

  it('takes the arrival time it is given (the page’s, for a session built outside the page) over its own clock', () => {
    const { token, serverDate } = issue();
    const pageArrival = SERVER_T + 10 * MINUTE;
    const result = sessionFromToken(token, 'password', serverDate, undefined, pageArrival);
    expect(result).toMatchObject({
      ok: true,
      session: { obtainedAt: pageArrival, clockOffsetMs: serverDate + 500 - pageArrival },
    });
  });

  it('refuses a token without exp', () => {
    const token = makeJwt({ unique_name: 'jdoe@example.edu', nbf: Math.floor(SERVER_T / 1000) });
    expect(sessionFromToken(token, 'password', SERVER_T)).toEqual({
      ok: false,
      message: 'The token has no valid expiry (exp).',
    });
  });

  it.each([['not a jwt'], [''], ['a.b'], ['<html>Sign in</html>']])('refuses %j as not a JWT', (text) => {
    expect(sessionFromToken(text, 'password', SERVER_T)).toEqual({
      ok: false,
      message: 'The server did not answer a JWT.',
    });
  });

  it('refuses a token that has already expired on the server’s clock', () => {
    // Issued 24 h and 1 min ago: expired a minute ago, though the browser's clock is 10 minutes slow.
    const token = tdToken('jdoe@example.edu', SERVER_T - 86_460_000);
    vi.setSystemTime(SERVER_T - 10 * MINUTE);
    expect(sessionFromToken(token, 'password', SERVER_T)).toEqual({
      ok: false,
      message: 'The token has already expired.',
    });
  });
});

describe('where the token is kept', () => {
  it('keeps it in sessionStorage by default, never in localStorage or a cookie', () => {
    const session = signIn();
    expect(stored()).toContain(session.token);
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });

  it('keeps it out of sessionStorage when memory-only is chosen before signing in', () => {
    useSessionStore.getState().setMemoryOnly(true);
    const session = signIn();
    expect(useSessionStore.getState().session?.token).toBe(session.token);
    expect(stored()).not.toContain(session.token);
    expect(JSON.parse(stored())).toEqual({ state: { memoryOnly: true }, version: 0 });
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });

  it('removes a stored token when memory-only is chosen afterwards', () => {
    const session = signIn();
    useSessionStore.getState().setMemoryOnly(true);
    expect(stored()).not.toContain(session.token);
  });

  it('removes the stored token on sign-out and says why the session ended', () => {
    const session = signIn();
    useSessionStore.getState().signOut('expired');
    expect(stored()).not.toContain(session.token);
    expect(useSessionStore.getState()).toMatchObject({ session: null, lastSignOut: 'expired' });
  });

  it('keeps the first reason when signed out twice', () => {
    signIn();
    useSessionStore.getState().signOut('ended');
    useSessionStore.getState().signOut('user');
    expect(useSessionStore.getState().lastSignOut).toBe('ended');
  });
});

describe('rehydration after a reload', () => {
  it('restores a stored session that is still valid', async () => {
    const session = signIn();
    const state = JSON.parse(stored()) as { state: unknown };
    resetConsoleState();
    expect(await rehydrateFrom(state.state)).toEqual(session);
  });

  it('drops a stored session that has expired meanwhile', async () => {
    const session = signIn();
    vi.setSystemTime(session.expiresAt - session.clockOffsetMs);
    expect(await rehydrateFrom({ memoryOnly: false, session })).toBeNull();
  });

  it('drops a session whose expiry was edited to outlast its token', async () => {
    const session = signIn();
    expect(
      await rehydrateFrom({
        memoryOnly: false,
        session: { ...session, expiresAt: session.expiresAt + 86_400_000 },
      }),
    ).toBeNull();
  });

  it('drops a session whose token was swapped for another', async () => {
    const session = signIn();
    const other = tdToken('asmith@example.edu', SERVER_T + 60_000);
    expect(await rehydrateFrom({ memoryOnly: false, session: { ...session, token: other } })).toBeNull();
  });

  it.each([
    ['garbage for a token', { token: 'garbage' }],
    ['a token without exp', { token: makeJwt({ unique_name: 'jdoe@example.edu' }) }],
    ['no token', { token: undefined }],
  ])('drops a session with %s', async (_name, change) => {
    const session = signIn();
    expect(await rehydrateFrom({ memoryOnly: false, session: { ...session, ...change } })).toBeNull();
  });

  it('takes only a sign-in method it knows (not an inherited name such as toString), and numbers that are numbers', async () => {
    const session = signIn();
    const restored = await rehydrateFrom({
      memoryOnly: false,
      session: { ...session, method: 'toString', clockOffsetMs: '5', obtainedAt: null },
    });
    expect(restored).toMatchObject({ method: 'pasted', clockOffsetMs: 0 });
    expect(typeof restored?.obtainedAt).toBe('number');
  });

  it('has nothing to restore after signing in memory-only: a reload signs out', async () => {
    useSessionStore.getState().setMemoryOnly(true);
    signIn();
    const state = JSON.parse(stored()) as { state: unknown };
    resetConsoleState();
    expect(await rehydrateFrom(state.state)).toBeNull();
    expect(useSessionStore.getState().memoryOnly).toBe(true);
  });
});

describe('the names of the sign-in methods', () => {
  it('read as a person would write them', () => {
    expect(SIGN_IN_METHOD_LABELS).toEqual({
      password: 'Password',
      'admin-key': 'Admin key',
      sso: 'Single sign-on',
      pasted: 'Single sign-on, pasted token',
    });
  });
});
