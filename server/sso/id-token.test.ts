import { describe, expect, it } from 'vitest';
import { expectApiError } from '../testing/api-error.ts';
import { TestBrowser } from '../testing/browser.ts';
import { startFakeProvider, useFakeProvider, type FakeMode } from '../testing/fake-oidc.ts';
import { decodeJwt } from '../testing/jwt.ts';
import { last, loginSsoUrl, serverErrors } from '../testing/sso.ts';
import { DEMO, startTestServer } from '../testing/start-server.ts';
import { SESSION_COOKIE } from './cookie-names.ts';

describe('the ID token is validated (a fake provider that signs what it is told)', () => {
  const { fake, server } = useFakeProvider();

  function signIn(returnTo?: string) {
    const browser = new TestBrowser();
    return browser.navigate(loginSsoUrl(server.api, returnTo)).then((hops) => ({ browser, hops }));
  }

  it('a valid one signs in (the control for the cases below; the e-mail matched ignoring case)', async () => {
    fake.mode = 'valid';
    const { hops } = await signIn();
    expect(last(hops).status).toBe(200);
    expect(decodeJwt(last(hops).text).claims.unique_name).toBe(DEMO.jdoe);
  });

  it.each<[FakeMode, RegExp]>([
    ['bad_signature', /signature/],
    ['wrong_audience', /"aud"/],
    ['wrong_nonce', /"nonce"/],
    ['wrong_issuer', /"iss"/],
    ['expired', /expired/],
  ])('%s: 400 id_token_invalid, no session, no token', async (mode, message) => {
    fake.mode = mode;
    const { browser, hops } = await signIn();
    expect(serverErrors(hops)).toEqual([]);
    const body = expectApiError(last(hops), 400, 'id_token_invalid');
    expect(body.message).toMatch(message);
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('with returnTo, a bad ID token lands on /sso?error=id_token_invalid', async () => {
    fake.mode = 'bad_signature';
    const { hops } = await signIn('/profile');
    const callback = hops.find((hop) => hop.url.includes('/loginsso/callback?'))!;
    expect(callback.headers.location).toBe('/sso?error=id_token_invalid');
    expect(last(hops).url).toBe(`${server.origin}/sso?error=id_token_invalid`);
  });

  it('a provider error other than a cancel is provider_error', async () => {
    fake.mode = 'valid';
    const browser = new TestBrowser();
    const start = await browser.get(loginSsoUrl(server.api));
    const state = new URL(start.headers.location!).searchParams.get('state')!;
    const answer = await browser.get(
      `${server.api}/auth/loginsso/callback?error=temporarily_unavailable&state=${state}`,
    );
    const body = expectApiError(answer, 400, 'provider_error');
    expect(body.message).toContain('temporarily_unavailable');
  });

  it('a code the provider refuses is provider_error', async () => {
    fake.mode = 'valid';
    const browser = new TestBrowser();
    const start = await browser.get(loginSsoUrl(server.api));
    const state = new URL(start.headers.location!).searchParams.get('state')!;
    const answer = await browser.get(`${server.api}/auth/loginsso/callback?code=forged&state=${state}`);
    const body = expectApiError(answer, 400, 'provider_error');
    expect(body.message).toContain('invalid_grant');
  });
});

describe('an unreachable provider', () => {
  it('is provider_error (JSON, or the console screen with returnTo), and is retried on the next sign-in', async () => {
    const fake = await startFakeProvider();
    const issuer = fake.issuer;
    await fake.close();
    const server = await startTestServer({
      config: { sso: { kind: 'external', issuer, clientId: 'x', clientSecret: 'y' } },
    });
    try {
      expectApiError(await new TestBrowser().get(loginSsoUrl(server.api)), 400, 'provider_error');
      const toConsole = await new TestBrowser().get(loginSsoUrl(server.api, '/profile'));
      expect(toConsole.status).toBe(302);
      expect(toConsole.headers.location).toBe('/sso?error=provider_error');
      expect(server.logs.filter((line) => line.startsWith('sso: discovery failed'))).toHaveLength(2);
    } finally {
      await server.stop(true);
    }
  });
});
