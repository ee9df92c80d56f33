import { beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser, type Hop } from '../testing/browser.ts';
import { decodeJwt } from '../testing/jwt.ts';
import { IDP, last, loginSsoUrl, openLoginSso, signInForm, ssoSignIn } from '../testing/sso.ts';
import { DEMO, startTestServer, type TestServer } from '../testing/start-server.ts';
import { useTestServer } from '../testing/use-test-server.ts';
import { SESSION_COOKIE } from './cookie-names.ts';

interface Jwks {
  keys: { kid: string; kty: string; n: string; d?: string }[];
}

async function jwksOf(server: TestServer): Promise<Jwks> {
  const discovery = (await (await fetch(`${server.origin}/idp/.well-known/openid-configuration`)).json()) as {
    jwks_uri: string;
  };
  return (await (await fetch(discovery.jwks_uri)).json()) as Jwks;
}

async function clientIdOf(server: TestServer): Promise<string> {
  const start = await new TestBrowser().get(loginSsoUrl(server.api));
  return new URL(start.headers.location!).searchParams.get('client_id')!;
}

describe('the embedded provider', () => {
  const server = useTestServer();

  it('publishes its metadata at /idp with the issuer at the server origin', async () => {
    const res = await fetch(`${server.origin}/idp/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const metadata = (await res.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer: `${server.origin}/idp`,
      authorization_endpoint: `${server.origin}/idp/auth`,
      token_endpoint: `${server.origin}/idp/token`,
      jwks_uri: `${server.origin}/idp/jwks`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
    });
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email']));
  });

  it('publishes only public signing keys', async () => {
    const { keys } = await jwksOf(server);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key.d).toBeUndefined();
  });

  it('requires PKCE: an authorization request without a code challenge is refused', async () => {
    const url = new URL(`${server.origin}/idp/auth`);
    url.search = new URLSearchParams({
      client_id: await clientIdOf(server),
      redirect_uri: `${server.origin}/TDWebApi/api/auth/loginsso/callback`,
      response_type: 'code',
      scope: 'openid',
    }).toString();
    const answer = await new TestBrowser().get(url.href);
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.location!);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  describe('its sign-in page', () => {
    let page: Hop;
    beforeAll(async () => {
      page = last(await openLoginSso(new TestBrowser(), server.api));
    });

    it('is an HTML page in English with one h1, no script, and never cached', () => {
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.text).toMatch(/^<!doctype html>\s*<html lang="en">/);
      expect(page.text.match(/<h1[\s>]/g)).toHaveLength(1);
      expect(page.text).toMatch(/<title>[^<]+<\/title>/);
      expect(page.text).not.toMatch(/<script|\son\w+=|javascript:/i);
    });

    it('labels its fields and marks them for password managers', () => {
      expect(page.text).toContain('<label for="username">');
      expect(page.text).toMatch(/<input id="username" name="username" autocomplete="username"/);
      expect(page.text).toContain('<label for="password">');
      expect(page.text).toMatch(
        /<input id="password" name="password" type="password" autocomplete="current-password"/,
      );
      expect(page.text).toMatch(/<button type="submit">Sign in<\/button>/);
      expect(page.text).toMatch(
        /<button type="submit" formaction="[^"]+\/abort" formnovalidate>Cancel<\/button>/,
      );
    });

    it("keeps the host's strict CSP, letting the form end at the client's redirect origin", () => {
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain(`form-action 'self' ${server.origin};`);
      expect(page.headers['x-frame-options']).toBe('DENY');
    });

    it('posts to the same origin', () => {
      const { login, cancel } = signInForm(page);
      expect(new URL(login).origin).toBe(server.origin);
      expect(new URL(cancel).origin).toBe(server.origin);
    });
  });

  it('answers clear HTML pages, never a 5xx, for stale, unknown or malformed interactions', async () => {
    const browser = new TestBrowser();
    const page = last(await openLoginSso(browser, server.api));
    const { login } = signInForm(page);
    const stranger = new TestBrowser();
    const cases: [Promise<Hop>, number][] = [
      [stranger.get(page.url), 400],
      [stranger.post(login, { username: IDP.jane, password: IDP.password }), 400],
      [browser.get(`${server.origin}/idp/interaction/unknown-uid`), 400],
      [browser.get(`${server.origin}/idp/interaction/a/b/c`), 404],
      [browser.get(login), 405],
      [browser.post(page.url, {}), 405],
      [browser.get(`${server.origin}/idp/interaction/${'x'.repeat(100)}`), 404],
    ];
    for (const [pending, status] of cases) {
      const answer = await pending;
      expect(answer.status, answer.url).toBe(status);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.text.match(/<h1[\s>]/g)).toHaveLength(1);
    }
    const json = await fetch(login, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    const big = await browser.post(login, { username: 'x'.repeat(20_000), password: 'y' });
    expect(big.status).toBe(413);
    // The page itself still works afterwards.
    expect(
      last(await browser.follow(await browser.post(login, { username: 'JANE', password: IDP.password })))
        .status,
    ).toBe(200);
  });

  it('keeps its session cookie under /idp, so console and API requests never carry it', async () => {
    const browser = new TestBrowser();
    const hops = await ssoSignIn(browser, server.api, IDP.jane);
    expect(last(hops).status).toBe(200);
    const providerCookies = browser.setCookies.filter((c) => /^(idp_|_session|_interaction)/.test(c));
    const session = providerCookies.find((c) => c.startsWith('idp_session='));
    expect(session).toMatch(/; path=\/idp;/i);
    for (const cookie of providerCookies) expect(cookie).toMatch(/; path=\/idp[/;]/i);
    const seen: string[] = [];
    for (const path of ['/', '/profile', '/TDWebApi/api/auth/getuser', '/relay']) {
      seen.push(await browser.get(`${server.origin}${path}`).then(() => browser.lastCookieHeader));
    }
    for (const header of seen) expect(header).not.toMatch(/idp_|_session/);
  });

  it('answers unknown provider paths and bad requests without a 5xx', async () => {
    for (const path of ['/idp', '/idp/', '/idp/nothing', '/idp/auth', '/idp/token', '/idp/me', '/IDP/jwks']) {
      const res = await fetch(`${server.origin}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBeLessThan(500);
    }
    const token = await fetch(`${server.origin}/idp/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&code=nope',
    });
    expect(token.status).toBeGreaterThanOrEqual(400);
    expect(token.status).toBeLessThan(500);
  });
});

describe('the embedded provider after a restart', () => {
  it('keeps its signing keys, its client, its sessions, and the SSO sessions', async () => {
    let server = await startTestServer();
    try {
      const keys = await jwksOf(server);
      const clientId = await clientIdOf(server);
      const browser = new TestBrowser();
      await ssoSignIn(browser, server.api, IDP.jane);

      await server.stop();
      server = await startTestServer({ dataDir: server.dataDir });

      expect(await jwksOf(server)).toEqual(keys);
      expect(await clientIdOf(server)).toBe(clientId);
      // The SSO session (kept in the database) answers at once; the port changed, so use the new one.
      const again = await browser.get(loginSsoUrl(server.api));
      expect(again.status).toBe(200);
      expect(decodeJwt(again.text).claims.unique_name).toBe(DEMO.jdoe);
      // And the provider's own session survived too: no sign-in page.
      browser.forget(SESSION_COOKIE);
      const hops = await openLoginSso(browser, server.api);
      expect(hops.some((hop) => hop.url.includes('/interaction/'))).toBe(false);
      expect(last(hops).status).toBe(200);
    } finally {
      await server.stop(true);
    }
  });
});
