import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../testing/browser.ts';
import { decodeJwt } from '../testing/jwt.ts';
import { IDP, last, openLoginSso, serverErrors, submitSignIn } from '../testing/sso.ts';
import { startTestServer, type TestServer } from '../testing/start-server.ts';
import { testCollegeRealm } from '../testing/test-college.ts';

/**
 * A realm of one's own: an SSO-only user (no password) and the identities of the embedded provider, none of them
 * the demo's.
 */
const REALM = testCollegeRealm(
  [
    { UserName: 'sso-only@test.example', PrimaryEmail: 'sam@test.example', Applications: ['TDProjects'] },
    { UserName: 'ci@test.example', Password: 'Ci-password-1' },
  ],
  [
    { UserName: 'Sam', Password: 'Sam-idp-password', Email: 'SAM@test.example', Name: 'Sam Single' },
    { UserName: 'stranger', Password: 'Stranger-password', Email: 'stranger@elsewhere.example' },
  ],
);

let server: TestServer;
const dir = mkdtempSync(join(tmpdir(), 'emulator-identities-'));

beforeAll(async () => {
  const realmFile = join(dir, 'realm.json');
  writeFileSync(realmFile, JSON.stringify(REALM));
  server = await startTestServer({ config: { realmFile } });
});
afterAll(async () => {
  await server.stop(true);
  rmSync(dir, { recursive: true, force: true });
});

async function providerPage(browser: TestBrowser) {
  const page = last(await openLoginSso(browser, server.api));
  expect(page.url).toContain('/idp/interaction/');
  return page;
}

describe('single sign-on with the identities of a realm file', () => {
  it('signs in the realm’s identity (any letter case) as the user without a password', async () => {
    const browser = new TestBrowser();
    const hops = await submitSignIn(browser, await providerPage(browser), 'SAM', 'Sam-idp-password');
    expect(serverErrors(hops)).toEqual([]);
    const token = last(hops).text;
    expect(decodeJwt(token).claims).toMatchObject({ unique_name: 'sso-only@test.example' });
    const me = await fetch(`${server.api}/auth/getuser`, { headers: { Authorization: `Bearer ${token}` } });
    const record = (await me.json()) as { OrgApplications: { SystemClass: string; Name: string }[] };
    expect(record.OrgApplications).toMatchObject([{ SystemClass: 'TDProjects', Name: 'Projects' }]);
  });

  it('refuses a password sign-in for the user without a password, as a wrong password', async () => {
    const res = await fetch(`${server.api}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'sso-only@test.example', password: 'anything' }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'invalid_credentials' });
  });

  it('knows none of the demo identities, and tells only the realm’s names (never a password) on its page', async () => {
    const browser = new TestBrowser();
    const page = await providerPage(browser);
    expect(page.text).toContain('<code>Sam</code>, <code>stranger</code>');
    expect(page.text).not.toContain('Sam-idp-password');
    expect(page.text).not.toContain(IDP.jane);
    expect(page.text).not.toContain(IDP.password);
    const refused = await submitSignIn(browser, page, IDP.jane, IDP.password);
    expect(refused[0]!.status).toBe(401);
    expect(refused[0]!.text).toContain('The user name or password is incorrect.');
    const wrong = await submitSignIn(browser, await providerPage(browser), 'sam', 'Sso-demo-2026');
    expect(wrong[0]!.status).toBe(401);
  });
});
