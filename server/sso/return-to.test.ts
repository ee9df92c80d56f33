import { beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../testing/browser.ts';
import { IDP, last, loginSsoUrl, serverErrors, ssoSignIn } from '../testing/sso.ts';
import { useTestServer } from '../testing/use-test-server.ts';
import { KEPT_RETURN_PATHS, REFUSED_RETURN_PATHS } from '../../contract/return-path-cases.ts';
import { safeReturnTo } from './return-to.ts';

/** The one table of cases of the return-path rule: everything refused must send the browser to `/`. */
const HOSTILE = REFUSED_RETURN_PATHS;

describe("safeReturnTo: the console's rule, with / for what it refuses", () => {
  it.each(KEPT_RETURN_PATHS)('keeps %j as %j', (raw, kept) => {
    expect(safeReturnTo(raw)).toBe(kept);
  });

  it.each(HOSTILE)('falls back to / for %j', (value) => {
    expect(safeReturnTo(value)).toBe('/');
  });
});

describe('loginsso?returnTo= (the emulator extension)', () => {
  // The table runs one loginsso call per case: more than the real limit of 60 per window allows.
  const server = useTestServer({ config: { rateLimit: 1000 } });
  let signedIn: TestBrowser;
  beforeAll(async () => {
    signedIn = new TestBrowser();
    await ssoSignIn(signedIn, server.api, IDP.jane);
  });

  it('after the exchange, sends the browser to the console path instead of the token page', async () => {
    const browser = new TestBrowser();
    const hops = await ssoSignIn(browser, server.api, IDP.jane, '/profile?tab=access');
    expect(serverErrors(hops)).toEqual([]);
    const callback = hops.find((hop) => hop.url.includes('/loginsso/callback?'))!;
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe('/profile?tab=access');
    expect(callback.headers['cache-control']).toBe('no-store');
    // The console then reads the token with the session, same-origin; it was in no URL on the way.
    const token = await browser.get(loginSsoUrl(server.api));
    expect(token.status).toBe(200);
    for (const url of browser.visited) expect(url).not.toContain(token.text.split('.')[2]);
  });

  it('with an SSO session already: redirects straight to the path', async () => {
    const answer = await signedIn.get(loginSsoUrl(server.api, '/token'));
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/token');
    expect(answer.text).toBe('');
  });

  it('accepts the parameter name in any letter case', async () => {
    const answer = await signedIn.get(`${server.api}/auth/loginsso?RETURNTO=%2Fprofile`);
    expect(answer.headers.location).toBe('/profile');
  });

  it.each(HOSTILE)('with a session, %j falls back to /', async (value) => {
    const answer = await signedIn.get(loginSsoUrl(server.api, value));
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/');
  });

  it.each([
    '//evil.com',
    '/\\evil.com',
    'https://evil.com',
    'javascript:alert(1)',
    '/%2F%2Fevil.com',
    '/%5Cevil.com',
  ])('after the exchange, %j falls back to /', async (value) => {
    const browser = new TestBrowser();
    const hops = await ssoSignIn(browser, server.api, IDP.jane, value);
    const callback = hops.find((hop) => hop.url.includes('/loginsso/callback?'))!;
    expect(callback.headers.location).toBe('/');
    expect(last(hops).url).toBe(`${server.origin}/`);
  });

  it('failures go to the console SSO screen with a code: cancel, unmapped, inactive', async () => {
    const unmapped = await ssoSignIn(new TestBrowser(), server.api, IDP.nobody, '/profile');
    const inactive = await ssoSignIn(new TestBrowser(), server.api, IDP.robin, '/profile');
    for (const [hops, location] of [
      // An unmatched identity names the claim and value that were tried (not secrets).
      [unmapped, '/sso?error=unknown_user&claim=email&value=nobody%40example.org'],
      [inactive, '/sso?error=inactive_user'],
    ] as const) {
      expect(serverErrors(hops)).toEqual([]);
      const callback = hops.find((hop) => hop.url.includes('/loginsso/callback?'))!;
      expect(callback.status).toBe(302);
      expect(callback.headers.location).toBe(location);
    }
  });
});
