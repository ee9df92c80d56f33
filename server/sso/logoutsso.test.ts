import { describe, expect, it } from 'vitest';
import type { LogoutSsoAnswer } from '../../contract/wire.ts';
import { expectApiError } from '../testing/api-error.ts';
import { TestBrowser, type Hop } from '../testing/browser.ts';
import { startWithFakeProvider } from '../testing/fake-oidc.ts';
import { decodeJwt } from '../testing/jwt.ts';
import { IDP, last, loginSsoUrl, openLoginSso, serverErrors, ssoSignIn } from '../testing/sso.ts';
import { DEMO, type TestServer } from '../testing/start-server.ts';
import { useTestServer } from '../testing/use-test-server.ts';
import { SESSION_COOKIE } from './cookie-names.ts';

function logoutUrl(server: TestServer, base = '/TDWebApi') {
  return `${server.origin}${base}/api/auth/logoutsso`;
}

/** The console's sign-out request: a same-origin POST from its own page. */
function signOut(browser: TestBrowser, server: TestServer, headers?: Record<string, string>) {
  return browser.post(
    logoutUrl(server),
    {},
    headers ?? { Origin: server.origin, 'Sec-Fetch-Site': 'same-origin' },
  );
}

function answerOf(hop: Hop): LogoutSsoAnswer {
  expect(hop.status, hop.text).toBe(200);
  expect(hop.headers['cache-control']).toBe('no-store');
  return JSON.parse(hop.text) as LogoutSsoAnswer;
}

/** Confirms the provider's sign-out question, as the user's click on "Sign out" does. */
async function confirmAtProvider(browser: TestBrowser, endSessionUrl: string): Promise<Hop[]> {
  const question = await browser.get(endSessionUrl);
  expect(question.status, question.text).toBe(200);
  expect(question.text).toMatch(/<h1>Sign out of the emulator's identity provider\?<\/h1>/);
  expect(question.text).toContain(
    '<p>An application signed you out: <strong>Auth Console emulator</strong>. It asks',
  );
  expect(question.text).not.toMatch(/<script/i);
  const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(question.text)?.[1];
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(question.text)?.[1];
  expect(action && xsrf).toBeTruthy();
  const posted = await browser.post(new URL(action!, question.url).href, { xsrf: xsrf!, logout: 'yes' });
  return [question, posted, ...(await browser.follow(posted))];
}

describe('POST /api/auth/logoutsso (the emulator extension) with the embedded provider', () => {
  const server = useTestServer();

  it('ends the SSO session and the provider session: loginsso then asks for a sign-in again', async () => {
    const browser = new TestBrowser();
    expect(last(await ssoSignIn(browser, server.api, IDP.jane)).status).toBe(200);

    const answer = answerOf(await signOut(browser, server));
    expect(answer.ended).toBe(true);
    const end = new URL(answer.endSessionUrl!);
    expect(`${end.origin}${end.pathname}`).toBe(`${server.origin}/idp/session/end`);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${server.origin}/sign-in`);
    expect(end.searchParams.get('client_id')).toMatch(/^emulator-/);
    expect(end.searchParams.has('id_token_hint')).toBe(false);
    expect(browser.setCookies.at(-1)).toMatch(
      new RegExp(`^${SESSION_COOKIE}=; Path=/TDWebApi/api/auth; HttpOnly; SameSite=Lax; Max-Age=0`),
    );
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();

    const back = await confirmAtProvider(browser, answer.endSessionUrl!);
    expect(serverErrors(back)).toEqual([]);
    expect(last(back).url).toBe(`${server.origin}/sign-in`);

    const again = await openLoginSso(browser, server.api);
    expect(last(again).url).toContain('/idp/interaction/');
    expect(last(again).text).toContain('<label for="username">');
  });

  it('the SSO session ends even when the user stays signed in at the provider', async () => {
    const browser = new TestBrowser();
    await ssoSignIn(browser, server.api, IDP.jane);
    const session = browser.cookie(SESSION_COOKIE)!;
    expect(answerOf(await signOut(browser, server)).ended).toBe(true);
    // The old cookie, replayed, is worth nothing now.
    const replay = await fetch(loginSsoUrl(server.api), {
      headers: { Cookie: `${SESSION_COOKIE}=${session}` },
      redirect: 'manual',
    });
    expect(replay.status).toBe(302);
    expect(replay.headers.get('location')).toContain('/idp/auth');
  });

  it.each([
    ['another origin', { Origin: 'https://evil.example' }],
    ['Sec-Fetch-Site cross-site', { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' }],
    ['Sec-Fetch-Site same-site', { 'Sec-Fetch-Site': 'same-site' }],
    ['the opaque origin of a sandboxed page', { Origin: 'null' }],
  ])('refuses a request from %s: 403 cross_site_request, and the session lives on', async (_, headers) => {
    const browser = new TestBrowser();
    await ssoSignIn(browser, server.api, IDP.jane);
    expectApiError(await signOut(browser, server, headers), 403, 'cross_site_request');
    const still = await browser.get(loginSsoUrl(server.api));
    expect(still.status).toBe(200);
    expect(decodeJwt(still.text).claims.unique_name).toBe(DEMO.jdoe);
  });

  it('ends the session on a request its user started (Sec-Fetch-Site: none), as the test-control API admits', async () => {
    const browser = new TestBrowser();
    await ssoSignIn(browser, server.api, IDP.jane);
    expect(answerOf(await signOut(browser, server, { 'Sec-Fetch-Site': 'none' })).ended).toBe(true);
  });

  it('answers ended: false without a session, and takes POST only', async () => {
    const answer = answerOf(await signOut(new TestBrowser(), server));
    expect(answer.ended).toBe(false);
    expect(answer.endSessionUrl).toContain('/idp/session/end');
    const get = await fetch(logoutUrl(server));
    expect(get.status).toBe(405);
  });

  it('works under /SBTDWebApi, clearing the cookie of that base', async () => {
    const browser = new TestBrowser();
    await ssoSignIn(browser, `${server.origin}/SBTDWebApi/api`, IDP.jane);
    const hop = await browser.post(
      logoutUrl(server, '/SBTDWebApi'),
      {},
      { Origin: server.origin, 'Sec-Fetch-Site': 'same-origin' },
    );
    expect(answerOf(hop).ended).toBe(true);
    expect(browser.setCookies.at(-1)).toContain('Path=/SBTDWebApi/api/auth;');
  });
});

describe('logoutsso with an external provider', () => {
  it("points at the provider's end_session_endpoint with this server's client id", async () => {
    const { fake, server, stop } = await startWithFakeProvider();
    try {
      const browser = new TestBrowser();
      expect(last(await browser.navigate(loginSsoUrl(server.api))).status).toBe(200);
      const answer = answerOf(await signOut(browser, server));
      expect(answer.ended).toBe(true);
      const end = new URL(answer.endSessionUrl!);
      expect(`${end.origin}${end.pathname}`).toBe(`${fake.issuer}/logout`);
      expect(end.searchParams.get('client_id')).toBe(fake.clientId);
      expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${server.origin}/sign-in`);
    } finally {
      await stop();
    }
  });
});
