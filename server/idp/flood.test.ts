import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../testing/api-error.ts';
import { TestBrowser } from '../testing/browser.ts';
import { send } from '../testing/http-client.ts';
import { loginSsoUrl } from '../testing/sso.ts';
import { startTestServer, type TestServer } from '../testing/start-server.ts';
import { MAX_IDP_REQUEST_BYTES } from './guard.ts';

const LIMIT = 8;
const RFC_1123 = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

describe('the identity provider under a flood from one caller', () => {
  let server: TestServer;
  /** A valid authorization request, as loginsso sends the browser to it: path and query. */
  let authorize: URL;
  const interactions = () =>
    server.app.db.prepare("SELECT count(*) FROM idp_store WHERE model = 'Interaction'").pluck().get();

  beforeAll(async () => {
    server = await startTestServer({ config: { rateLimit: LIMIT } });
    authorize = new URL((await new TestBrowser().get(loginSsoUrl(server.api))).headers.location!);
  });
  afterAll(() => server.stop(true));

  it('/idp/auth: each call counted, then 429 rate_limited with Retry-After; nothing stored past the limit', async () => {
    const path = `${authorize.pathname}${authorize.search}`;
    const answers = [];
    for (let i = 0; i < LIMIT * 3; i++) answers.push(await send(server.origin, { path }));
    const allowed = answers.slice(0, LIMIT);
    for (const [i, answer] of allowed.entries()) {
      expect(answer.status).toBe(303);
      expect(answer.headers['x-ratelimit-limit']).toBe(String(LIMIT));
      expect(answer.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1 - i));
      expect(answer.headers['x-ratelimit-reset']).toMatch(RFC_1123);
    }
    for (const answer of answers.slice(LIMIT)) {
      const body = expectApiError(answer, 429, 'rate_limited');
      expect(body.message).toMatch(/Try again in \d+ seconds/);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(answer.headers['x-ratelimit-remaining']).toBe('0');
    }
    expect(interactions()).toBe(LIMIT);
    server.clock.advance(60_000);
    expect((await send(server.origin, { path })).status).toBe(303);
  });

  it('the sign-in form is counted per caller too, whatever interaction it names', async () => {
    const answers = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      answers.push(
        await send(server.origin, {
          method: 'POST',
          path: `/idp/interaction/guess-${i}/login`,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'username=jane&password=guess',
        }),
      );
    }
    expect(answers.slice(0, LIMIT).map((answer) => answer.status)).toEqual(Array(LIMIT).fill(400));
    for (const answer of answers.slice(LIMIT)) expectApiError(answer, 429, 'rate_limited');
  });

  it('an authorization request over the size bound is refused before anything is stored', async () => {
    server.clock.advance(60_000);
    const before = interactions();
    const huge = new URL(authorize);
    huge.searchParams.set('nonce', 'n'.repeat(15_000));
    expectApiError(await send(server.origin, { path: `${huge.pathname}${huge.search}` }), 414, 'bad_request');
    const posted = await send(server.origin, {
      method: 'POST',
      path: authorize.pathname,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: huge.search.slice(1),
    });
    expectApiError(posted, 413, 'payload_too_large');
    expect(interactions()).toBe(before);
  });

  it('what one pending sign-in stores is bounded by the size of the request', async () => {
    server.clock.advance(60_000);
    const largest = new URL(authorize);
    largest.searchParams.set('nonce', '');
    largest.searchParams.set('nonce', 'n'.repeat(MAX_IDP_REQUEST_BYTES - largest.search.length));
    expect(largest.search.length).toBe(MAX_IDP_REQUEST_BYTES);
    expect((await send(server.origin, { path: `${largest.pathname}${largest.search}` })).status).toBe(303);
    const stored = server.app.db
      .prepare("SELECT max(length(payload)) FROM idp_store WHERE model = 'Interaction'")
      .pluck()
      .get() as number;
    expect(stored).toBeGreaterThan(MAX_IDP_REQUEST_BYTES - 100);
    expect(stored).toBeLessThan(2 * MAX_IDP_REQUEST_BYTES);
  });
});
