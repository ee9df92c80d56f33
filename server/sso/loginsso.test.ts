import { describe, expect, it } from 'vitest';
import { expectApiError } from '../testing/api-error.ts';
import { TestBrowser, type Hop } from '../testing/browser.ts';
import { readFetch } from '../testing/http-client.ts';
import { decodeJwt } from '../testing/jwt.ts';
import { getUser } from '../testing/requests.ts';
import {
  cancelSignIn,
  IDP,
  last,
  loginSsoUrl,
  openLoginSso,
  serverErrors,
  ssoSignIn,
  submitSignIn,
} from '../testing/sso.ts';
import { DEMO, startTestServer } from '../testing/start-server.ts';
import { useTestServer } from '../testing/use-test-server.ts';
import { FLOW_COOKIE, SESSION_COOKIE } from './cookie-names.ts';

/** What a browser's script does with the provider's "Submitting Callback" page: posts its form. */
async function submitSelfPostingForm(browser: TestBrowser, page: Hop): Promise<Hop[]> {
  const action = /<form method="post" action="([^"]+)"/.exec(page.text)?.[1];
  if (!action) throw new Error(`no self-posting form on ${page.url} (${page.status})`);
  const fields = Object.fromEntries(
    [...page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );
  const posted = await browser.post(action, fields);
  return [posted, ...(await browser.follow(posted))];
}

describe('GET /api/auth/loginsso through the embedded provider', () => {
  const server = useTestServer();

  it('without a session: redirects to the provider with the code flow, PKCE S256, state and nonce', async () => {
    const browser = new TestBrowser();
    const first = await browser.get(loginSsoUrl(server.api));
    expect(first.status).toBe(302);
    expect(first.headers['cache-control']).toBe('no-store');
    const location = new URL(first.headers.location!);
    expect(`${location.origin}${location.pathname}`).toBe(`${server.origin}/idp/auth`);
    const params = location.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toMatch(/^[\w-]{43}$/);
    expect(params.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(params.get('scope')?.split(' ')).toContain('openid');
    expect(params.get('redirect_uri')).toBe(`${server.origin}/TDWebApi/api/auth/loginsso/callback`);
    expect(params.get('client_id')).toMatch(/^emulator-[0-9a-f]{12}$/);
    // A random secret and this server's HMAC of it, so that a cookie planted by another site is never taken.
    expect(browser.cookie(FLOW_COOKIE)).toMatch(/^[\w-]{43}\.[\w-]{43}$/);
  });

  it('signs jane in and answers a token for jdoe, exactly as the password login answers', async () => {
    const browser = new TestBrowser();
    const hops = await ssoSignIn(browser, server.api, IDP.jane);
    expect(serverErrors(hops)).toEqual([]);
    const page = last(hops);
    expect(page.url).toBe(loginSsoUrl(server.api));
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const { header, claims } = decodeJwt(page.text);
    expect(header).toEqual({ typ: 'JWT', alg: 'HS256' });
    expect(claims).toMatchObject({ unique_name: DEMO.jdoe, iss: 'TD', aud: 'https://www.teamdynamix.com/' });
    const me = await getUser(server.api, page.text);
    expect(me.status).toBe(200);
    expect(JSON.parse(me.text)).toMatchObject({ UserName: DEMO.jdoe });
    // The token is never in a URL, not even on the way.
    for (const url of browser.visited) expect(url).not.toContain(page.text.split('.')[2]);
  });

  it('with a live SSO session: answers a fresh token at once, without visiting the provider', async () => {
    const browser = new TestBrowser();
    const first = last(await ssoSignIn(browser, server.api, IDP.jane)).text;
    server.clock.advance(60_000);
    const visitedBefore = browser.visited.length;
    const again = await browser.get(loginSsoUrl(server.api));
    expect(browser.visited.length).toBe(visitedBefore + 1);
    expect(again.status).toBe(200);
    expect(again.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(decodeJwt(again.text).claims.unique_name).toBe(DEMO.jdoe);
    expect(again.text).not.toBe(first);
  });

  it('with a live session at the provider but none here: goes through the provider without a sign-in page', async () => {
    const browser = new TestBrowser();
    await ssoSignIn(browser, server.api, IDP.jane);
    browser.forget(SESSION_COOKIE);
    const hops = await openLoginSso(browser, server.api);
    expect(hops.some((hop) => hop.url.includes('/interaction/'))).toBe(false);
    expect(last(hops).status).toBe(200);
    expect(decodeJwt(last(hops).text).claims.unique_name).toBe(DEMO.jdoe);
  });

  it('works under the sandbox base too, with its own cookie path and callback', async () => {
    const sandbox = `${server.origin}/SBTDWebApi/api`;
    const browser = new TestBrowser();
    const hops = await ssoSignIn(browser, sandbox, IDP.jane);
    expect(serverErrors(hops)).toEqual([]);
    expect(hops.some((hop) => hop.url.startsWith(`${sandbox}/auth/loginsso/callback?`))).toBe(true);
    expect(last(hops).url).toBe(`${sandbox}/auth/loginsso`);
    expect(decodeJwt(last(hops).text).claims.unique_name).toBe(DEMO.jdoe);
    expect(browser.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toContain(
      'Path=/SBTDWebApi/api/auth',
    );
  });

  it('started in another letter case, comes back to the bases as spelled, where its cookies live', async () => {
    const browser = new TestBrowser();
    const hops = await ssoSignIn(browser, `${server.origin}/tdwebapi/API`, IDP.jane);
    expect(last(hops).url).toBe(loginSsoUrl(server.api));
    expect(last(hops).status).toBe(200);
  });

  it('cancel at the provider: a clear 403 access_denied, no session, no token', async () => {
    const browser = new TestBrowser();
    const page = last(await openLoginSso(browser, server.api));
    const hops = await cancelSignIn(browser, page);
    expect(serverErrors(hops)).toEqual([]);
    expect(hops.some((hop) => /[?&]error=access_denied/.test(hop.url))).toBe(true);
    expectApiError(last(hops), 403, 'access_denied');
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('a wrong password at the provider: the sign-in page again, with the error announced', async () => {
    const browser = new TestBrowser();
    const page = last(await openLoginSso(browser, server.api));
    expect(page.text).toContain(
      '<p>An application asks you to sign in: <strong>Auth Console emulator</strong>.</p>',
    );
    const [answer] = await submitSignIn(browser, page, IDP.jane, 'wrong password');
    expect(answer!.status).toBe(401);
    expect(answer!.text).toContain('role="alert"');
    expect(answer!.text).toContain('aria-invalid="true"');
    expect(answer!.text).toContain('value="jane"');
    const hops = await submitSignIn(browser, answer!, IDP.jane);
    expect(last(hops).status).toBe(200);
  });

  it('an identity that maps to no realm user: 403 unknown_user, no session', async () => {
    const browser = new TestBrowser();
    const hops = await ssoSignIn(browser, server.api, IDP.nobody);
    expect(serverErrors(hops)).toEqual([]);
    const body = expectApiError(last(hops), 403, 'unknown_user');
    expect(body.message).toContain('nobody@example.org');
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('with returnTo, an identity that maps to no one lands on the console with the claim and value tried', async () => {
    const browser = new TestBrowser();
    const hops = await ssoSignIn(browser, server.api, IDP.nobody, '/sso/callback');
    expect(serverErrors(hops)).toEqual([]);
    const landed = new URL(last(hops).url);
    expect(landed.pathname).toBe('/sso');
    expect(Object.fromEntries(landed.searchParams)).toEqual({
      error: 'unknown_user',
      claim: 'email',
      value: 'nobody@example.org',
    });
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it("prompt=login (the emulator's extension): the provider asks again despite its live session", async () => {
    const browser = new TestBrowser();
    await ssoSignIn(browser, server.api, IDP.nobody, '/sso/callback');
    // Without it the provider's session answers at once, and the same identity fails again.
    const again = await openLoginSso(browser, server.api, '/sso/callback');
    expect(again.some((hop) => hop.url.includes('/interaction/'))).toBe(false);
    expect(new URL(last(again).url).searchParams.get('error')).toBe('unknown_user');

    const asked = await browser.navigate(
      `${server.api}/auth/loginsso?returnTo=%2Fsso%2Fcallback&Prompt=login`,
    );
    expect(new URL(asked[0]!.headers.location!).searchParams.get('prompt')).toBe('login');
    const page = last(asked);
    expect(page.status).toBe(200);
    expect(page.url).toContain('/interaction/');
    // Another account than the provider's session: it ends that session first, through a page that posts itself.
    const signedIn = await submitSignIn(browser, page, IDP.jane);
    const hops = [...signedIn, ...(await submitSelfPostingForm(browser, last(signedIn)))];
    expect(serverErrors(hops)).toEqual([]);
    expect(new URL(last(hops).url).pathname).toBe('/sso/callback');
    const token = last(await browser.navigate(loginSsoUrl(server.api)));
    expect(decodeJwt(token.text).claims.unique_name).toBe(DEMO.jdoe);
  });

  it('prompt=login also passes over a live SSO session of this server', async () => {
    const browser = new TestBrowser();
    await ssoSignIn(browser, server.api, IDP.jane);
    const asked = await browser.get(`${server.api}/auth/loginsso?prompt=login`);
    expect(asked.status).toBe(302);
    expect(new URL(asked.headers.location!).searchParams.get('prompt')).toBe('login');
    const plain = await browser.get(loginSsoUrl(server.api));
    expect(plain.status).toBe(200);
  });

  it('an identity whose user is inactive: 403 inactive_user, no session', async () => {
    const browser = new TestBrowser();
    const hops = await ssoSignIn(browser, server.api, IDP.robin);
    expect(serverErrors(hops)).toEqual([]);
    expectApiError(last(hops), 403, 'inactive_user');
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('re-checks the user at every loginsso: deactivated later, the session ends with inactive_user', async () => {
    const browser = new TestBrowser();
    await ssoSignIn(browser, server.api, IDP.jane);
    const setActive = server.app.db.prepare('UPDATE users SET is_active = ? WHERE username_key = ?');
    setActive.run(0, DEMO.jdoe);
    try {
      const answer = await browser.get(loginSsoUrl(server.api));
      expectApiError(answer, 403, 'inactive_user');
      expect(answer.headers['set-cookie']?.[0]).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));
      expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    } finally {
      setActive.run(1, DEMO.jdoe);
    }
  });

  it('the SSO session lasts 8 hours by the server clock; after that, loginsso goes to the provider again', async () => {
    const browser = new TestBrowser();
    await ssoSignIn(browser, server.api, IDP.jane);
    server.clock.advance(8 * 60 * 60_000 - 1000);
    expect((await browser.get(loginSsoUrl(server.api))).status).toBe(200);
    server.clock.advance(2000);
    const answer = await browser.get(loginSsoUrl(server.api));
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toContain('/idp/auth?');
  });

  it('ignores a forged or stale session cookie and starts a sign-in', async () => {
    for (const value of ['A'.repeat(43), 'short', '../../etc', '']) {
      const res = await readFetch(
        await fetch(loginSsoUrl(server.api), {
          headers: { Cookie: `${SESSION_COOKIE}=${value}` },
          redirect: 'manual',
        }),
      );
      expect(res.status).toBe(302);
    }
  });

  it('keeps its cookies HttpOnly, SameSite=Lax, scoped to the auth path, and not Secure over plain http', async () => {
    const browser = new TestBrowser();
    await ssoSignIn(browser, server.api, IDP.jane);
    const flow = browser.setCookies.find((c) => c.startsWith(`${FLOW_COOKIE}=`))!;
    const session = browser.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    for (const cookie of [flow, session]) {
      const attributes = cookie.split('; ').slice(1);
      expect(attributes).toEqual(
        expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/TDWebApi/api/auth']),
      );
      expect(attributes).not.toContain('Secure');
    }
    expect(session).toContain(`Max-Age=${8 * 60 * 60}`);
    expect(session.split('; ')[0]!.split('=')[1]).toMatch(/^[\w-]{43}$/);
  });

  it('stores only a digest of the session secret', async () => {
    const browser = new TestBrowser();
    await ssoSignIn(browser, server.api, IDP.jane);
    const secret = browser.cookie(SESSION_COOKIE)!;
    const rows = server.app.db.prepare('SELECT id_hash FROM sso_sessions').all() as { id_hash: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.id_hash)).not.toContain(secret);
  });

  it('carries the rate-limit headers on loginsso and on its callback', async () => {
    const browser = new TestBrowser();
    const hops = await ssoSignIn(browser, server.api, IDP.jane);
    const apiHops = hops.filter((hop) => hop.url.includes('/TDWebApi/api/auth/loginsso'));
    expect(apiHops.length).toBe(3);
    for (const hop of apiHops) {
      expect(hop.headers['x-ratelimit-limit']).toBe('60');
      expect(hop.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
      expect(hop.headers['x-ratelimit-reset']).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    }
  });
});

describe('loginsso rate limit', () => {
  it('answers 429 rate_limited with Retry-After over the limit, counting loginsso on its own', async () => {
    const server = await startTestServer({ config: { rateLimit: 3 } });
    try {
      const hit = () => fetch(loginSsoUrl(server.api), { redirect: 'manual' }).then(readFetch);
      const answers = [await hit(), await hit(), await hit()];
      expect(answers.map((a) => a.status)).toEqual([302, 302, 302]);
      expect(answers.map((a) => a.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0']);
      const over = await hit();
      expectApiError(over, 429, 'rate_limited');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      // The password login has its own counter.
      expect(
        (await fetch(`${server.api}/auth/login`, { method: 'POST' })).headers.get('x-ratelimit-remaining'),
      ).toBe('2');
      server.clock.advance(60_000);
      expect((await hit()).status).toBe(302);
    } finally {
      await server.stop(true);
    }
  });
});
