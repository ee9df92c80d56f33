import { describe, expect, it } from 'vitest';
import { fakeDateInEachTest } from '@/testing/fake-date';
import { ApiHttpError, NetworkError, RateLimitedError, SessionExpiredError } from '@/lib/api-errors';
import type { ApiErrorCode } from '@contract/wire';
import { describeFailure } from './describe-failure';

const T0 = Date.parse('2026-03-02T12:00:00.000Z');

function http(
  status: number,
  code: ApiErrorCode | null = null,
  message: string | null = null,
  withToken = false,
  retryAt: number | null = null,
) {
  return new ApiHttpError(status, code, message, withToken, 'POST auth', retryAt);
}

fakeDateInEachTest(T0);

describe('describeFailure', () => {
  it('says when another try is possible for a refused rate-limited call', () => {
    const retryAt = T0 + 30_000;
    expect(describeFailure(new RateLimitedError('POST auth', retryAt))).toEqual({
      kind: 'rate-limited',
      retryAt,
      message: `Too many calls to this method. Try again in 30 seconds (at ${new Date(retryAt).toLocaleTimeString()}).`,
    });
  });

  it('counts long waits in minutes and never says less than a second', () => {
    expect(describeFailure(new RateLimitedError('POST auth', T0 + 5 * 60_000)).message).toContain(
      'in 5 minutes',
    );
    expect(describeFailure(new RateLimitedError('POST auth', T0 - 5_000)).message).toContain('in 1 second (');
  });

  it('reads a 429 with its retry time, or a minute without one', () => {
    expect(describeFailure(http(429, 'rate_limited', 'x', false, T0 + 90_000))).toMatchObject({
      kind: 'rate-limited',
      retryAt: T0 + 90_000,
    });
    expect(describeFailure(http(429, 'rate_limited', 'x', false, T0 + 90_000)).message).toContain(
      'in 90 seconds',
    );
    expect(describeFailure(http(429))).toMatchObject({ kind: 'rate-limited', retryAt: T0 + 60_000 });
  });

  it('names a refusal by one of the relay’s own limits as the relay’s, not the tenant’s', () => {
    const details = (status: number, headers: [string, string][]) => ({
      rateMethod: 'POST auth/login',
      status,
      code: null,
      receivedAt: T0,
      rateLimitHeaders: headers,
    });
    const signIns = new ApiHttpError(429, 'rate_limited', 'x', false, 'POST auth/login', T0 + 30_000, {
      ...details(429, [
        ['X-RateLimit-Limit', '10'],
        ['X-Relay-Limit', 'sign-ins'],
      ]),
    });
    expect(describeFailure(signIns)).toMatchObject({
      kind: 'rate-limited',
      retryAt: T0 + 30_000,
      message: `Too many calls to this method. Try again in 30 seconds (at ${new Date(T0 + 30_000).toLocaleTimeString()}). This is the limit of this server’s relay of 10 calls a minute for each person, on each sign-in method and getuser, not the tenant’s: it keeps one person from using up the tenant’s own limit, which everyone here shares.`,
    });
    const body = new ApiHttpError(413, 'payload_too_large', 'x', true, 'POST people', null, {
      ...details(413, [['X-Relay-Limit', 'body-size']]),
    });
    expect(describeFailure(body).message).toBe(
      'This server’s relay passes request bodies of at most 64 KB (65,536 bytes): its own limit, not the tenant’s. Nothing reached the tenant.',
    );
    // The tenant's own 429, passed on by the relay, is the tenant's.
    const tenant = new ApiHttpError(429, 'rate_limited', 'x', false, 'POST auth/login', T0 + 30_000, {
      ...details(429, [['X-RateLimit-Limit', '60']]),
    });
    expect(describeFailure(tenant).message).not.toContain('relay');
  });

  it('reads an expired session', () => {
    expect(describeFailure(new SessionExpiredError())).toEqual({
      kind: 'expired',
      message: 'Your session expired. Sign in again to continue.',
    });
  });

  it('names the address that cannot be reached', () => {
    expect(describeFailure(new NetworkError('https://tdx.example.edu'))).toEqual({
      kind: 'unreachable',
      message: 'The server at https://tdx.example.edu cannot be reached. Check that it is running.',
    });
  });

  it('reads a 401 without a token as wrong credentials, in the server’s words when it has any', () => {
    expect(
      describeFailure(http(401, 'invalid_credentials', 'The user name or password is incorrect.')),
    ).toEqual({ kind: 'invalid-credentials', message: 'The user name or password is incorrect.' });
    expect(describeFailure(http(401))).toEqual({
      kind: 'invalid-credentials',
      message: 'The credentials are incorrect.',
    });
  });

  it('reads a 401 with a token as no permission or as a session that ended', () => {
    expect(describeFailure(http(401, 'insufficient_permission', 'No TDPeople.', true))).toEqual({
      kind: 'forbidden',
      message: 'You do not have permission for this action.',
    });
    expect(describeFailure(http(401, 'invalid_token', 'The token has expired.', true))).toMatchObject({
      kind: 'expired',
      message: 'Your session ended. Sign in again to continue.',
    });
  });

  it('tells locked and inactive accounts apart from other refusals', () => {
    expect(describeFailure(http(403, 'account_locked', 'Locked for 15 minutes.'))).toEqual({
      kind: 'locked',
      message: 'Locked for 15 minutes.',
    });
    expect(describeFailure(http(403, 'account_locked'))).toEqual({
      kind: 'locked',
      message: 'This account is locked.',
    });
    expect(describeFailure(http(403, 'account_inactive', 'This account is not active.'))).toEqual({
      kind: 'inactive',
      message: 'This account is not active.',
    });
    expect(describeFailure(http(403, 'account_inactive'))).toMatchObject({ kind: 'inactive' });
    expect(describeFailure(http(403, null, 'Nope.'))).toEqual({
      kind: 'forbidden',
      message: 'The server refused this request. The server said: Nope.',
    });
  });

  it.each([
    [400, 'bad-request', 'The server rejected the request. The server said: Bad.'],
    [413, 'bad-request', 'The server rejected the request. The server said: Bad.'],
    [415, 'bad-request', 'The server rejected the request. The server said: Bad.'],
    [404, 'not-found', 'Not found. The server said: Bad.'],
    [500, 'server', 'The server failed (HTTP 500). The server said: Bad.'],
    [503, 'server', 'The server failed (HTTP 503). The server said: Bad.'],
    [418, 'unknown', 'Unexpected answer (HTTP 418). The server said: Bad.'],
  ])('reads HTTP %i as %s', (status, kind, message) => {
    expect(describeFailure(http(status, null, 'Bad.'))).toEqual({ kind, message });
  });

  it('reads anything else as unknown without repeating it', () => {
    expect(describeFailure(new Error('secret-token-text'))).toEqual({
      kind: 'unknown',
      message: 'Something went wrong. Try again.',
    });
  });
});
