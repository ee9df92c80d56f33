import { connect, createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../testing/browser.ts';
import { decodeJwt } from '../testing/jwt.ts';
import { IDP, last, serverErrors, ssoSignIn } from '../testing/sso.ts';
import { DEMO, startTestServer, type TestServer } from '../testing/start-server.ts';

/** A TCP relay, as a reverse proxy in front of the server would be: browsers know only its address. */
async function startRelay(target: () => number): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => {
    const upstream = connect(target(), '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return { server, port: (server.address() as AddressInfo).port };
}

describe('PUBLIC_ORIGIN: the server behind another address', () => {
  let server: TestServer;
  let relay: { server: Server; port: number };
  let publicOrigin: string;
  beforeAll(async () => {
    let serverPort = 0;
    relay = await startRelay(() => serverPort);
    publicOrigin = `http://127.0.0.1:${relay.port}`;
    server = await startTestServer({ config: { publicOrigin } });
    serverPort = Number(new URL(server.origin).port);
  });
  afterAll(async () => {
    await server.stop(true);
    relay.server.close();
  });

  it('builds the issuer and redirect URIs on it, and signs in through it end to end', async () => {
    const metadata = (await (await fetch(`${publicOrigin}/idp/.well-known/openid-configuration`)).json()) as {
      issuer: string;
      authorization_endpoint: string;
    };
    expect(metadata.issuer).toBe(`${publicOrigin}/idp`);
    // Whichever address a request used, the provider names itself by the public origin.
    const direct = (await (await fetch(`${server.origin}/idp/.well-known/openid-configuration`)).json()) as {
      authorization_endpoint: string;
    };
    expect(direct.authorization_endpoint).toBe(`${publicOrigin}/idp/auth`);

    const browser = new TestBrowser();
    const hops = await ssoSignIn(browser, `${publicOrigin}/TDWebApi/api`, IDP.jane);
    expect(serverErrors(hops)).toEqual([]);
    expect(hops.every((hop) => hop.url.startsWith(publicOrigin))).toBe(true);
    expect(last(hops).status).toBe(200);
    expect(decodeJwt(last(hops).text).claims.unique_name).toBe(DEMO.jdoe);
  });
});

describe('an https PUBLIC_ORIGIN in front of a plain-http server (a TLS-terminating proxy)', () => {
  it('marks the SSO cookies Secure and sends browsers to the https provider', async () => {
    const server = await startTestServer({ config: { publicOrigin: 'https://tdx.example.edu' } });
    try {
      const start = await new TestBrowser().get(`${server.api}/auth/loginsso`);
      expect(start.status).toBe(302);
      expect(start.headers.location).toMatch(/^https:\/\/tdx\.example\.edu\/idp\/auth\?/);
      expect(new URL(start.headers.location!).searchParams.get('redirect_uri')).toBe(
        'https://tdx.example.edu/TDWebApi/api/auth/loginsso/callback',
      );
      expect(start.headers['set-cookie']?.[0]?.split('; ')).toContain('Secure');
    } finally {
      await server.stop(true);
    }
  });
});
