import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectApiError } from '../testing/api-error.ts';
import { TestBrowser, type Hop } from '../testing/browser.ts';
import { decodeJwt } from '../testing/jwt.ts';
import { IDP, last, loginSsoUrl, openLoginSso, serverErrors, signInForm, ssoSignIn } from '../testing/sso.ts';
import { DEMO, startTestServer } from '../testing/start-server.ts';
import { useTestServer } from '../testing/use-test-server.ts';
import { FLOW_COOKIE, SESSION_COOKIE } from './cookie-names.ts';

/** The value of the cookie `name` that an answer sets, or undefined. */
function setValue(hop: Hop, name: string): string | undefined {
  const line = hop.headers['set-cookie']?.find((cookie) => cookie.startsWith(`${name}=`));
  return line?.split(';')[0]!.slice(name.length + 1);
}

/** Signs in at the provider but stops before the callback: answers the callback URL the provider sent. */
async function callbackUrl(browser: TestBrowser, api: string, username: string = IDP.jane): Promise<string> {
  const page = last(await openLoginSso(browser, api));
  let hop: Hop = await browser.post(signInForm(page).login, { username, password: IDP.password });
  while (!hop.headers.location!.includes('/loginsso/callback?')) {
    hop = await browser.get(new URL(hop.headers.location!, hop.url).href);
  }
  return hop.headers.location!;
}

describe('SSO cookies another site on the same host could plant (plain http)', () => {
  const server = useTestServer();
  const other = useTestServer();

  it('a flow cookie this server did not issue is not reused: loginsso issues its own', async () => {
    const made = 'A'.repeat(43);
    const fromOther = setValue(await new TestBrowser().get(loginSsoUrl(other.api)), FLOW_COOKIE)!;
    for (const planted of [made, fromOther]) {
      const start = await new TestBrowser().get(loginSsoUrl(server.api), {
        Cookie: `${FLOW_COOKIE}=${planted}`,
      });
      expect(start.status).toBe(302);
      const issued = setValue(start, FLOW_COOKIE);
      expect(issued).toBeDefined();
      expect(issued).not.toBe(planted);
    }
  });

  it('a flow cookie of its own is reused, so sign-ins started in two tabs both finish', async () => {
    const browser = new TestBrowser();
    const first = await browser.get(loginSsoUrl(server.api));
    const second = await browser.get(loginSsoUrl(server.api));
    expect(setValue(second, FLOW_COOKIE)).toBe(setValue(first, FLOW_COOKIE));
  });

  it('a made-up binding planted in the victim’s browser does not let the attacker’s callback sign the victim in', async () => {
    const planted = 'B'.repeat(43);
    const attacker = new TestBrowser();
    // The attacker's own sign-in, started with the binding it plants in the victim's browser.
    await attacker.get(loginSsoUrl(server.api), { Cookie: `${FLOW_COOKIE}=${planted}` });
    attacker.forget(FLOW_COOKIE);
    const start = await attacker.get(loginSsoUrl(server.api), { Cookie: `${FLOW_COOKIE}=${planted}` });
    const state = new URL(start.headers.location!).searchParams.get('state')!;
    const victim = new TestBrowser();
    const answer = await victim.get(`${server.api}/auth/loginsso/callback?code=x&state=${state}`, {
      Cookie: `${FLOW_COOKIE}=${planted}`,
    });
    expectApiError(answer, 400, 'state_invalid');
    expect(setValue(answer, SESSION_COOKIE)).toBeUndefined();
  });

  it('of a flow cookie sent twice, the one this server issued is taken, wherever it stands', async () => {
    const browser = new TestBrowser();
    const url = await callbackUrl(browser, server.api);
    const ours = browser.cookie(FLOW_COOKIE)!;
    const fromOther = setValue(await new TestBrowser().get(loginSsoUrl(other.api)), FLOW_COOKIE)!;
    const answer = await new TestBrowser().get(url, {
      Cookie: `${FLOW_COOKIE}=${fromOther}; ${FLOW_COOKIE}=${ours}`,
    });
    expect(answer.status).toBe(302);
    expect(setValue(answer, SESSION_COOKIE)).toMatch(/^[\w-]{43}$/);
  });

  it('of a session cookie sent twice, the live one is taken', async () => {
    const browser = new TestBrowser();
    await ssoSignIn(browser, server.api, IDP.jane);
    const live = browser.cookie(SESSION_COOKIE)!;
    const answer = await new TestBrowser().get(loginSsoUrl(server.api), {
      Cookie: `${SESSION_COOKIE}=${'C'.repeat(43)}; ${SESSION_COOKIE}=${live}`,
    });
    expect(answer.status).toBe(200);
    expect(decodeJwt(answer.text).claims.unique_name).toBe(DEMO.jdoe);
  });
});

describe('SSO cookies where the origin is https', () => {
  const hostCookie = (cookie: string) => {
    const [pair, ...attributes] = cookie.split('; ');
    expect(pair).toMatch(/^__Host-/);
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'Secure', 'HttpOnly', 'SameSite=Lax']));
    expect(attributes.some((attribute) => attribute.toLowerCase().startsWith('domain='))).toBe(false);
  };

  it('under TLS: __Host- names (one per API base), Path=/, and a whole sign-in works with them', async () => {
    const server = await startTestServer({ config: { tls: { kind: 'self-signed' } } });
    try {
      const ca = readFileSync(join(server.dataDir, 'tls', 'localhost-cert.pem'));
      for (const base of ['TDWebApi', 'SBTDWebApi']) {
        const browser = new TestBrowser({ ca });
        const hops = await ssoSignIn(browser, `${server.origin}/${base}/api`, IDP.jane);
        expect(serverErrors(hops)).toEqual([]);
        expect(last(hops).status).toBe(200);
        expect(decodeJwt(last(hops).text).claims.unique_name).toBe(DEMO.jdoe);
        const ssoCookies = browser.setCookies.filter((c) => !c.includes('idp_'));
        expect(ssoCookies.map((c) => c.split('=')[0]).sort()).toEqual([
          `__Host-${base}Sso`,
          `__Host-${base}SsoFlow`,
        ]);
        for (const cookie of ssoCookies) hostCookie(cookie);
        // The session answers at once on the next loginsso.
        expect((await browser.get(`${server.origin}/${base}/api/auth/loginsso`)).status).toBe(200);
      }
    } finally {
      await server.stop(true);
    }
  });

  it('behind an https PUBLIC_ORIGIN: __Host- names too', async () => {
    const server = await startTestServer({ config: { publicOrigin: 'https://tdx.example.edu' } });
    try {
      const start = await new TestBrowser().get(loginSsoUrl(server.api));
      expect(start.status).toBe(302);
      hostCookie(start.headers['set-cookie']![0]!);
    } finally {
      await server.stop(true);
    }
  });
});
