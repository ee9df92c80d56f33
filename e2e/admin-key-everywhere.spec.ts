import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { THIS_SERVER_ORGANIZATION } from '../contract/wire.ts';
import { ManualClock } from '../server/testing/manual-clock.ts';
import { freePort } from '../server/testing/free-port.ts';
import { startTestServer, type TestServer } from '../server/testing/start-server.ts';
import {
  CLOSED_COLLEGE,
  EXAMPLE_UNIVERSITY,
  test as base,
  expect,
  seriousViolations,
  signInViaApi,
  storedSession,
  storedText,
} from './fixtures';

const DEMO_REALM = resolve(import.meta.dirname, '../server/realm/demo.json');
/** The tenant knows Example University under another WebServicesKey, so the demo key is wrong there. */
const TENANT_KEY = '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a';
const TENANT_RATE = 2;
const TABLE = 'The BEID and key on every connection';

interface Servers {
  /** Relays to `tenant` (a second emulator), to `closed` (a port nothing listens on) and, as `other`, to `tenant`. */
  main: TestServer;
  tenant: TestServer;
}

/** This spec's own servers: the shared main server's relay list is left as the other specs know it. */
const test = base.extend<{ servers: Servers }>({
  // Playwright reads a fixture's dependencies from its first parameter, which must be destructured: none needed.
  servers: async ({ browserName: _none }, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'admin-key-everywhere-'));
    const realm = JSON.parse(readFileSync(DEMO_REALM, 'utf8')) as {
      organizations: { BEID: string; AdminAccount: { WebServicesKey: string } }[];
    };
    for (const org of realm.organizations)
      if (org.BEID === EXAMPLE_UNIVERSITY.beid) org.AdminAccount.WebServicesKey = TENANT_KEY;
    const realmFile = join(dir, 'realm.json');
    writeFileSync(realmFile, JSON.stringify(realm));
    // Today's time on both clocks: the browser judges the session's expiry by its own.
    const tenant = await startTestServer({
      clock: new ManualClock(Date.now()),
      config: { realmFile, rateLimit: TENANT_RATE },
    });
    const closedPort = await freePort();
    const main = await startTestServer({
      clock: new ManualClock(Date.now()),
      config: {
        // The first two of this server's own organization, so the key goes there as to this server's own two
        // connections; the third is another organization's, which never gets it.
        relayTenants: [
          { name: 'tenant', upstream: `${tenant.origin}/TDWebApi`, organization: THIS_SERVER_ORGANIZATION },
          {
            name: 'closed',
            upstream: `http://127.0.0.1:${closedPort}/TDWebApi`,
            organization: THIS_SERVER_ORGANIZATION,
          },
          { name: 'other', label: 'Other College', upstream: `${tenant.origin}/TDWebApi` },
        ],
      },
    });
    await use({ main, tenant });
    for (const server of [main, tenant]) {
      const output = server.lines.join('\n');
      for (const secret of [EXAMPLE_UNIVERSITY.key, CLOSED_COLLEGE.key, TENANT_KEY])
        expect(output, 'server output').not.toContain(secret);
    }
    await main.stop(true);
    await tenant.stop(true);
    rmSync(dir, { recursive: true, force: true });
  },
  baseURL: async ({ servers }, use) => use(servers.main.origin),
});

async function testEverywhere(page: Page, beid: string, key: string) {
  await page.getByRole('textbox', { name: 'BEID' }).fill(beid);
  await page.getByLabel('WebServicesKey').fill(key);
  // By keyboard: the button is reached and pressed like any other.
  await page.getByRole('button', { name: 'Test on every connection' }).focus();
  await page.keyboard.press('Enter');
  // Kept for the next test, masked.
  await expect(page.getByLabel('WebServicesKey')).toHaveValue(key);
  await expect(page.getByLabel('WebServicesKey')).toHaveAttribute('type', 'password');
}

const OTHER =
  /^Not testedAnother organization \(127\.0\.0\.1:\d+; the chosen connection’s is this-server\): the key is sent to none of its connections\.$/;

/** Waits for every row's answer, then checks each connection's outcome, by its base URL (`/relay/other`: not sent). */
async function expectOutcomes(page: Page, given: Record<string, string | RegExp>) {
  const expected = { ...given, '/relay/other': OTHER };
  const table = page.getByRole('table', { name: TABLE });
  await expect(table.getByText('Testing…')).toHaveCount(0);
  const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(rows).toHaveCount(Object.keys(expected).length);
  for (const [baseUrl, outcome] of Object.entries(expected)) {
    const row = rows.filter({ has: page.locator('code', { hasText: new RegExp(`^${baseUrl}$`) }) });
    await expect(row.getByRole('cell')).toHaveText(outcome);
  }
}

test('one key on every connection of its organization: this server, its sandbox, a relayed tenant and a closed one; not another organization', async ({
  page,
  requests,
}) => {
  const signedIn = await signInViaApi(page);
  await page.goto('/admin-key');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin key' })).toBeVisible();

  await testEverywhere(page, EXAMPLE_UNIVERSITY.beid, EXAMPLE_UNIVERSITY.key);
  await expectOutcomes(page, {
    '/TDWebApi': `WorksToken for ${EXAMPLE_UNIVERSITY.adminUsername} (not kept).`,
    '/SBTDWebApi': `WorksToken for ${EXAMPLE_UNIVERSITY.adminUsername} (not kept).`,
    '/relay/tenant': 'Wrong keyThe BEID or WebServicesKey is incorrect.',
    '/relay/closed': /^UnreachableThe tenant at 127\.0\.0\.1:\d+ refused the connection\.$/,
  });
  await expect(page.getByRole('status')).toHaveText(
    'Tested on 4 connections. Works: 2, Wrong key: 1, Unreachable: 1. Not tested on 1 connection of other organizations.',
  );

  await testEverywhere(page, CLOSED_COLLEGE.beid, CLOSED_COLLEGE.key);
  const inactive = "InactiveThis organization's admin service account is not active.";
  await expectOutcomes(page, {
    '/TDWebApi': inactive,
    '/SBTDWebApi': inactive,
    '/relay/tenant': inactive,
    '/relay/closed': /^Unreachable/,
  });

  // The tenant allows two loginadmin calls a minute: its third is refused there, and only there.
  await testEverywhere(page, EXAMPLE_UNIVERSITY.beid, EXAMPLE_UNIVERSITY.key);
  await expectOutcomes(page, {
    '/TDWebApi': /^Works/,
    '/SBTDWebApi': /^Works/,
    '/relay/tenant':
      /^Rate limitedToo many loginadmin calls on this connection\. Resets at \d{1,2}:\d{2}:\d{2}/,
    '/relay/closed': /^Unreachable/,
  });
  await expect(page.getByRole('button', { name: 'Test credentials' })).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);

  const loginAdmins = requests.filter((r) => new URL(r.url).pathname.endsWith('/api/auth/loginadmin'));
  expect(loginAdmins).toHaveLength(12);
  expect(loginAdmins.filter((r) => new URL(r.url).pathname.startsWith('/relay/other/'))).toEqual([]);
  expect(loginAdmins.filter((r) => r.authorization !== undefined)).toEqual([]);
  const stored = await storedText(page);
  for (const key of [EXAMPLE_UNIVERSITY.key, CLOSED_COLLEGE.key]) {
    expect(stored.session).not.toContain(key);
    expect(stored.local).not.toContain(key);
    expect(stored.cookies).not.toContain(key);
    for (const request of requests) expect(request.url).not.toContain(key);
  }

  // The session is the one signed in before: same token, on the same connection.
  expect((await storedSession(page))?.token).toBe(signedIn.token);
  await page.getByRole('link', { name: 'Token' }).first().click();
  await page.getByLabel('Show the token in the command').check();
  await expect(page.getByLabel('curl command')).toContainText(`Bearer ${signedIn.token}`);
  await expect(page.getByText('This server (emulator)', { exact: true }).first()).toBeVisible();
});

test('the table is labelled and axe-clean in light and dark, and fits 360 px', async ({ page }) => {
  await page.goto('/admin-key');
  await testEverywhere(page, EXAMPLE_UNIVERSITY.beid, CLOSED_COLLEGE.key);
  await expectOutcomes(page, {
    '/TDWebApi': /^Wrong key/,
    '/SBTDWebApi': /^Wrong key/,
    '/relay/tenant': /^Wrong key/,
    '/relay/closed': /^Unreachable/,
  });
  await expect(page.getByRole('region', { name: TABLE })).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText(['Connection', 'Outcome']);
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await seriousViolations(page)).toEqual([]);

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await seriousViolations(page)).toEqual([]);
});
