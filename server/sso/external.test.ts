import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../testing/api-error.ts';
import { TestBrowser } from '../testing/browser.ts';
import { freePort } from '../testing/free-port.ts';
import { decodeJwt } from '../testing/jwt.ts';
import { IDP, last, serverErrors, ssoSignIn } from '../testing/sso.ts';
import { DEMO, startTestServer, type TestServer } from '../testing/start-server.ts';

describe('an external provider: one emulator signing in through the embedded provider of another', () => {
  let relying: TestServer;
  let provider: TestServer;
  beforeAll(async () => {
    // Each needs the other's address: the relying party gets a port chosen beforehand.
    const port = await freePort();
    const callbacks = ['TDWebApi', 'SBTDWebApi'].map(
      (base) => `http://127.0.0.1:${port}/${base}/api/auth/loginsso/callback`,
    );
    provider = await startTestServer({
      config: {
        idpClients: [
          {
            clientId: 'other-emulator',
            clientSecret: 'other-emulator-secret',
            redirectUris: callbacks,
            postLogoutRedirectUris: [`http://127.0.0.1:${port}/sign-in`],
          },
        ],
      },
    });
    relying = await startTestServer({
      config: {
        port,
        sso: {
          kind: 'external',
          issuer: `${provider.origin}/idp`,
          clientId: 'other-emulator',
          clientSecret: 'other-emulator-secret',
        },
      },
    });
  });
  afterAll(async () => {
    await relying.stop(true);
    await provider.stop(true);
  });

  it('discovers the issuer, signs in at the other server, and answers a token of this one', async () => {
    const browser = new TestBrowser();
    const hops = await ssoSignIn(browser, relying.api, IDP.jane);
    expect(serverErrors(hops)).toEqual([]);
    expect(hops.some((hop) => hop.url.startsWith(`${provider.origin}/idp/interaction/`))).toBe(true);
    expect(
      hops.some((hop) => hop.url.startsWith(`${relying.origin}/TDWebApi/api/auth/loginsso/callback?`)),
    ).toBe(true);
    const page = last(hops);
    expect(page.url).toBe(`${relying.api}/auth/loginsso`);
    expect(page.status).toBe(200);
    expect(decodeJwt(page.text).claims.unique_name).toBe(DEMO.jdoe);
    const me = await fetch(`${relying.api}/auth/getuser`, {
      headers: { Authorization: `Bearer ${page.text}` },
    });
    expect(me.status).toBe(200);
  });

  it("signing out at this one ends the session at the other's provider too, and comes back here", async () => {
    const browser = new TestBrowser();
    expect(last(await ssoSignIn(browser, relying.api, IDP.jane)).status).toBe(200);
    const answer = await browser.post(
      `${relying.api}/auth/logoutsso`,
      {},
      { Origin: relying.origin, 'Sec-Fetch-Site': 'same-origin' },
    );
    const { ended, endSessionUrl } = JSON.parse(answer.text) as { ended: boolean; endSessionUrl: string };
    expect(ended).toBe(true);
    expect(endSessionUrl.startsWith(`${provider.origin}/idp/session/end?`)).toBe(true);

    const question = await browser.get(endSessionUrl);
    expect(question.status, question.text).toBe(200);
    // The confirmation may end on this other origin.
    expect(question.headers['content-security-policy']).toContain(`form-action 'self' ${relying.origin}`);
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(question.text)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(question.text)![1]!;
    const confirmed = await browser.post(new URL(action, question.url).href, { xsrf, logout: 'yes' });
    expect(confirmed.headers.location).toBe(`${relying.origin}/sign-in`);

    const again = await browser.navigate(`${relying.api}/auth/loginsso`);
    expect(last(again).url.startsWith(`${provider.origin}/idp/interaction/`)).toBe(true);
  });

  it('maps and refuses identities on the relying side', async () => {
    expectApiError(last(await ssoSignIn(new TestBrowser(), relying.api, IDP.nobody)), 403, 'unknown_user');
    expectApiError(last(await ssoSignIn(new TestBrowser(), relying.api, IDP.robin)), 403, 'inactive_user');
  });

  it('the provider refuses a redirect URI it was not given', async () => {
    const url = new URL(`${provider.origin}/idp/auth`);
    url.search = new URLSearchParams({
      client_id: 'other-emulator',
      redirect_uri: 'http://127.0.0.1:1/TDWebApi/api/auth/loginsso/callback',
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString();
    const answer = await new TestBrowser().get(url.href);
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.text).toContain('<h1>');
  });
});
