import { describe, expect, it } from 'vitest';
import { TestBrowser } from '../testing/browser.ts';
import { decodeJwt } from '../testing/jwt.ts';
import { IDP, last, loginSsoUrl, serverErrors, ssoSignIn } from '../testing/sso.ts';
import { DEMO, type TestServer } from '../testing/start-server.ts';
import { useTestServer } from '../testing/use-test-server.ts';

const LIMIT = 3;

/** Starts a sign-in and comes straight back with a made-up code (and the issuer, as a real answer names it). */
async function bogusCallback(browser: TestBrowser, server: TestServer) {
  const start = await browser.get(loginSsoUrl(server.api));
  const state = new URL(start.headers.location!).searchParams.get('state')!;
  const iss = encodeURIComponent(`${server.origin}/idp`);
  return browser.get(`${server.api}/auth/loginsso/callback?code=x&state=${state}&iss=${iss}`);
}

describe("the server's own calls to its embedded provider", () => {
  const server = useTestServer({ config: { rateLimit: LIMIT } });

  it('are not counted on the loopback address: bogus codes from one caller leave the next caller signing in', async () => {
    const attacker = new TestBrowser({ localAddress: '127.0.0.2' });
    for (let i = 0; i < LIMIT; i++) {
      const answer = await bogusCallback(attacker, server);
      expect(answer.status).toBe(400);
      expect(answer.text).toContain('provider_error');
    }
    const hops = await ssoSignIn(new TestBrowser({ localAddress: '127.0.0.3' }), server.api, IDP.jane);
    expect(serverErrors(hops)).toEqual([]);
    expect(last(hops).status).toBe(200);
    expect(decodeJwt(last(hops).text).claims.unique_name).toBe(DEMO.jdoe);
  });

  it('honest sign-ins above the limit, each from its own caller, all succeed', async () => {
    server.clock.advance(60_000);
    for (let i = 0; i < LIMIT + 2; i++) {
      const hops = await ssoSignIn(new TestBrowser({ localAddress: `127.0.1.${i + 1}` }), server.api);
      expect(last(hops).status).toBe(200);
    }
  });

  it('a bogus code costs the caller who sent it: its exchanges are counted on that caller', async () => {
    server.clock.advance(60_000);
    const caller = '127.0.0.4';
    const before = server.requests.length;
    const browser = new TestBrowser({ localAddress: caller });
    await bogusCallback(browser, server);
    const exchanges = server.requests.slice(before).filter((r) => r.path === '/idp/token');
    expect(exchanges.map((r) => r.caller)).toEqual([caller]);
  });
});
