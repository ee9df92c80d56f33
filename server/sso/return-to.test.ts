import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../testing/browser.ts';
import { IDP, last, loginSsoUrl, serverErrors, ssoSignIn } from '../testing/sso.ts';
import { startTestServer, type TestServer } from '../testing/start-server.ts';
import { safeReturnTo } from './return-to.ts';

/** Values that must never send the browser anywhere but this origin's root. */
const HOSTILE = [
  '//evil.com',
  '//evil.com/path',
  '/\\evil.com',
  '\\\\evil.com',
  '/\\/evil.com',
  'https://evil.com',
  'http://evil.com/',
  'HTTPS://evil.com',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'data:text/html,hi',
  'evil.com',
  '%2F%2Fevil.com',
  '/%2F%2Fevil.com',
  '/%2f%2fevil.com',
  '/%5Cevil.com',
  '/%5cevil.com',
  '%5C%5Cevil.com',
  '/%252F%252Fevil.com',
  '/%25252F%25252Fevil.com',
  ' /profile',
  '/\t/evil.com',
  '/\n/evil.com',
  '/%09/evil.com',
  '/%0D%0ALocation:%20https://evil.com',
  '/profile\r\nSet-Cookie: x=1',
  '/.//evil.com',
  '/./../..//evil.com',
  '/%2E%2E//evil.com',
  '/\u00a0/evil.com',
  '/\u2028',
  '',
  '/%',
  `/${'a'.repeat(3000)}`,
];

describe('safeReturnTo', () => {
  it.each(['/', '/profile', '/token?tab=claims', '/people/abc#top', '/a/b/c', '/caf%C3%A9'])(
    'keeps the same-origin path %j',
    (path) => {
      expect(safeReturnTo(path)).toBe(path);
    },
  );

  it('normalizes what a browser would normalize', () => {
    expect(safeReturnTo('/a/../profile')).toBe('/profile');
    expect(safeReturnTo('/café')).toBe('/caf%C3%A9');
  });

  it.each(HOSTILE)('falls back to / for %j', (value) => {
    expect(safeReturnTo(value)).toBe('/');
  });
});

describe('loginsso?returnTo= (the emulator extension)', () => {
  let server: TestServer;
  let signedIn: TestBrowser;
  beforeAll(async () => {
    server = await startTestServer();
    signedIn = new TestBrowser();
    await ssoSignIn(signedIn, server.api, IDP.jane);
  });
  afterAll(() => server.stop(true));

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
    for (const [hops, code] of [
      [unmapped, 'unknown_user'],
      [inactive, 'inactive_user'],
    ] as const) {
      expect(serverErrors(hops)).toEqual([]);
      const callback = hops.find((hop) => hop.url.includes('/loginsso/callback?'))!;
      expect(callback.status).toBe(302);
      expect(callback.headers.location).toBe(`/sso?error=${code}`);
    }
  });
});
