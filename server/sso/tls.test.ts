import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TestBrowser } from '../testing/browser.ts';
import { decodeJwt } from '../testing/jwt.ts';
import { IDP, last, serverErrors, ssoSignIn } from '../testing/sso.ts';
import { DEMO, startTestServer } from '../testing/start-server.ts';

describe('single sign-on under TLS', () => {
  it('runs over https with a self-signed certificate, and every SSO cookie is Secure', async () => {
    const server = await startTestServer({ config: { tls: { kind: 'self-signed' } } });
    try {
      const ca = readFileSync(join(server.dataDir, 'tls', 'localhost-cert.pem'));
      const browser = new TestBrowser({ ca });
      const hops = await ssoSignIn(browser, server.api, IDP.jane);
      expect(serverErrors(hops)).toEqual([]);
      expect(hops.every((hop) => hop.url.startsWith('https://'))).toBe(true);
      expect(last(hops).status).toBe(200);
      expect(decodeJwt(last(hops).text).claims.unique_name).toBe(DEMO.jdoe);
      // With the __Host- prefix, so that only a secure page of this very host can set them.
      for (const name of ['__Host-TDWebApiSsoFlow', '__Host-TDWebApiSso']) {
        const cookie = browser.setCookies.find((c) => c.startsWith(`${name}=`))!;
        expect(cookie.split('; ')).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Secure']));
      }
      // The provider's own cookies are Secure too, with the prefix that makes browsers insist on it, under /idp.
      const providerCookies = browser.setCookies.filter((c) => c.startsWith('__Secure-idp_'));
      expect(providerCookies.length).toBeGreaterThan(0);
      for (const cookie of providerCookies) {
        expect(cookie.toLowerCase()).toContain('secure');
        expect(cookie).toMatch(/; path=\/idp(\/|;)/);
      }
      expect(providerCookies.some((c) => c.startsWith('__Secure-idp_session='))).toBe(true);
    } finally {
      await server.stop(true);
    }
  });
});
