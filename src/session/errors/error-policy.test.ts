import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDateInEachTest } from '@/testing/fake-date';
import { ApiHttpError, NetworkError, RateLimitedError, SessionExpiredError } from '@/lib/api-errors';
import { createErrorPolicy, type ErrorPolicyDeps } from './error-policy';
import { errorPolicy } from '../client/session-error-policy';
import { useSessionStore } from '../stores/session-store';
import { signInForTest } from '@/testing/session';

const T0 = Date.parse('2026-03-02T12:00:00.000Z');

const unauthorized = () =>
  new ApiHttpError(401, 'invalid_token', 'The token is not valid.', true, 'GET people/{id}');
const noPermission = () =>
  new ApiHttpError(401, 'insufficient_permission', 'No TDPeople.', true, 'GET people/{id}');

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function setup(
  overrides: { isExpired?: () => boolean; probe?: () => Promise<boolean>; probeMemoMs?: number } = {},
) {
  const isExpired = vi.fn(overrides.isExpired ?? (() => false));
  const probe = vi.fn(overrides.probe ?? (() => Promise.resolve(true)));
  const signOut = vi.fn<ErrorPolicyDeps['signOut']>();
  const session = { key: 'token-a' as string | null };
  const policy = createErrorPolicy({
    isExpired,
    sessionKey: () => session.key,
    probe,
    signOut,
    probeMemoMs: overrides.probeMemoMs,
  });
  return { policy, isExpired, probe, signOut, session };
}

fakeDateInEachTest(T0);

describe('a 401 with a token before its expiry', () => {
  it('makes exactly one probe, shared by 20 parallel failures', async () => {
    const probed = deferred<boolean>();
    const { policy, probe } = setup({ probe: () => probed.promise });
    const decisions = Array.from({ length: 20 }, () => policy.decide(noPermission()));
    probed.resolve(true);
    const settled = await Promise.all(decisions);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(new Set(settled.map((d) => d.kind))).toEqual(new Set(['forbidden']));
  });

  it('is "no permission" when the probe succeeds, and the session stays', async () => {
    const { policy, probe, signOut } = setup();
    await expect(policy.decide(noPermission())).resolves.toEqual({
      kind: 'forbidden',
      message: 'You do not have permission for this action.',
      signOut: null,
    });
    expect(probe).toHaveBeenCalledTimes(1);
    expect(signOut).not.toHaveBeenCalled();
  });

  it('ends the session when the probe is refused too', async () => {
    const { policy, probe, signOut } = setup({ probe: () => Promise.resolve(false) });
    const decisions = await Promise.all(Array.from({ length: 20 }, () => policy.decide(unauthorized())));
    expect(probe).toHaveBeenCalledTimes(1);
    expect(decisions[0]).toEqual({
      kind: 'expired',
      message: 'Your session ended. Sign in again to continue.',
      signOut: 'ended',
    });
    expect(decisions.every((d) => d.signOut === 'ended')).toBe(true);
    expect(new Set(signOut.mock.calls.map(([reason]) => reason))).toEqual(new Set(['ended']));
  });

  it('reuses a settled probe for failures shortly after, and probes afresh later', async () => {
    const { policy, probe } = setup({ probeMemoMs: 2000 });
    await policy.decide(noPermission());
    vi.setSystemTime(T0 + 1999);
    await policy.decide(noPermission());
    expect(probe).toHaveBeenCalledTimes(1);
    vi.setSystemTime(T0 + 2000);
    await policy.decide(noPermission());
    expect(probe).toHaveBeenCalledTimes(2);
  });

  it("does not lend a probe's verdict to another session", async () => {
    const { policy, probe, session } = setup({ probeMemoMs: 2000 });
    await policy.decide(noPermission());
    session.key = 'token-b';
    await policy.decide(noPermission());
    expect(probe).toHaveBeenCalledTimes(2);
  });

  it('keeps the session when the probe itself gets no answer', async () => {
    const { policy, probe, signOut } = setup({ probe: () => Promise.reject(new Error('network down')) });
    const decisions = await Promise.all(Array.from({ length: 5 }, () => policy.decide(noPermission())));
    expect(probe).toHaveBeenCalledTimes(1);
    expect(signOut).not.toHaveBeenCalled();
    expect(decisions.every((d) => d.signOut === null && d.kind === 'unknown')).toBe(true);
  });
});

describe('expiry', () => {
  it('reads a 401 after exp as expired, without a probe', async () => {
    const { policy, probe, signOut } = setup({ isExpired: () => true });
    await expect(policy.decide(unauthorized())).resolves.toEqual({
      kind: 'expired',
      message: 'Your session expired. Sign in again to continue.',
      signOut: 'expired',
    });
    expect(probe).not.toHaveBeenCalled();
    expect(signOut).toHaveBeenCalledWith('expired');
  });

  it('reads a refused expired token (never sent) as expired, without a probe', async () => {
    const { policy, probe, signOut, isExpired } = setup();
    await expect(policy.decide(new SessionExpiredError())).resolves.toMatchObject({
      kind: 'expired',
      signOut: 'expired',
    });
    expect(probe).not.toHaveBeenCalled();
    expect(signOut).toHaveBeenCalledExactlyOnceWith('expired');
    expect(isExpired).not.toHaveBeenCalled();
  });
});

describe('failures that say nothing about the session', () => {
  it.each([
    [
      '429',
      new ApiHttpError(429, 'rate_limited', 'Slow down.', true, 'GET auth/getuser', T0 + 30_000),
      'rate-limited',
    ],
    ['a refused rate-limited call', new RateLimitedError('GET auth/getuser', T0 + 30_000), 'rate-limited'],
    ['a network failure', new NetworkError('http://127.0.0.1:8080'), 'unreachable'],
    ['400', new ApiHttpError(400, 'bad_request', 'Bad.', true, 'GET people/lookup'), 'bad-request'],
    ['403', new ApiHttpError(403, null, null, true, 'GET x'), 'forbidden'],
    ['500', new ApiHttpError(500, 'internal_error', null, true, 'GET x'), 'server'],
    [
      'a 401 without a token (a login)',
      new ApiHttpError(401, 'invalid_credentials', 'Wrong.', false, 'POST auth'),
      'invalid-credentials',
    ],
    ['anything else', new Error('boom'), 'unknown'],
  ])('%s: no sign-out and no probe', async (_name, error, kind) => {
    const { policy, probe, signOut } = setup({ isExpired: () => true });
    const decision = await policy.decide(error);
    expect(decision).toMatchObject({ kind, signOut: null });
    expect(probe).not.toHaveBeenCalled();
    expect(signOut).not.toHaveBeenCalled();
  });
});

describe("the console's error policy, wired to its store and client", () => {
  beforeEach(() => {
    // Far from other tests' probes, so the policy's memo of a settled probe cannot carry over.
    vi.setSystemTime(T0 + 3_600_000);
  });

  it('ends the session after one getuser probe for 20 parallel 401s, and replays nothing', async () => {
    signInForTest();
    const fetch = vi.fn<typeof globalThis.fetch>(() =>
      Promise.resolve(
        new Response(JSON.stringify({ status: 401, error: 'invalid_token', message: 'Revoked.' }), {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetch);

    const decisions = await Promise.all(Array.from({ length: 20 }, () => errorPolicy.decide(unauthorized())));

    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe('/TDWebApi/api/auth/getuser');
    expect(decisions.every((d) => d.signOut === 'ended')).toBe(true);
    expect(useSessionStore.getState()).toMatchObject({ session: null, lastSignOut: 'ended' });
  });
});
