import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../testing/browser.ts';
import { freePort } from '../testing/free-port.ts';
import { spawnServer, type ChildServer } from '../testing/child-server.ts';
import { decodeJwt } from '../testing/jwt.ts';
import { IDP, last, serverErrors, ssoSignIn } from '../testing/sso.ts';
import { DEMO } from '../testing/start-server.ts';

/** The configuration as an administrator writes it: environment variables, two emulator processes. */
describe('an external provider configured through the environment, in a second emulator process', () => {
  const dirs: string[] = [];
  let provider: ChildServer;
  let relying: ChildServer;

  beforeAll(async () => {
    const port = await freePort();
    const clients = [
      {
        client_id: 'emulator-b',
        client_secret: 'emulator-b-secret',
        redirect_uris: [`http://127.0.0.1:${port}/TDWebApi/api/auth/loginsso/callback`],
      },
    ];
    const dir = () => {
      const made = mkdtempSync(join(tmpdir(), 'emulator-sso-process-'));
      dirs.push(made);
      return made;
    };
    provider = await spawnServer(dir(), { SSO_IDP_CLIENTS: JSON.stringify(clients) });
    relying = await spawnServer(dir(), {
      PORT: String(port),
      SSO_ISSUER: `${provider.origin}/idp`,
      SSO_CLIENT_ID: 'emulator-b',
      SSO_CLIENT_SECRET: 'emulator-b-secret',
    });
  }, 60_000);

  afterAll(async () => {
    for (const server of [relying, provider]) {
      server?.process.kill('SIGTERM');
      await server?.exited;
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('signs in at the other process and answers a token of this one', async () => {
    const hops = await ssoSignIn(new TestBrowser(), relying.api, IDP.jane);
    expect(serverErrors(hops)).toEqual([]);
    expect(hops.some((hop) => hop.url.startsWith(`${provider.origin}/idp/interaction/`))).toBe(true);
    const page = last(hops);
    expect(page.status).toBe(200);
    expect(decodeJwt(page.text).claims.unique_name).toBe(DEMO.jdoe);
    const me = await fetch(`${relying.api}/auth/getuser`, {
      headers: { Authorization: `Bearer ${page.text}` },
    });
    expect(me.status).toBe(200);
  }, 30_000);
});
