import type { Page } from '@playwright/test';
import { ManualClock } from '../server/testing/manual-clock.ts';
import { freePort } from '../server/testing/free-port.ts';
import { startTestServer, type TestServer } from '../server/testing/start-server.ts';
import { JDOE, test as base, expect, seriousViolations, signInWithForm, storedSession } from './fixtures';

/** The embedded provider's demo identities (server/idp/identities.ts) share one password. */
const IDP_PASSWORD = 'Sso-demo-2026';
const EXAMPLE = 'Example University';
const EXAMPLE_SANDBOX = 'Example University (sandbox)';
const CHOICE_KEY = 'auth-console.connection';

interface Servers {
  /** The console, relaying to `tenant` as `example` (its production base) and `example-sb` (its sandbox). */
  main: TestServer;
  /** A second emulator standing in for the organization's real tenant, reached at `localhost`: another site. */
  tenant: TestServer;
  /** The tenant's base as the relay reaches it, e.g. http://localhost:41234/TDWebApi. */
  upstream: string;
}

/** This spec's own servers, configured as an organization would: labels, one organization, a default. */
const test = base.extend<{ emulator: boolean; servers: Servers }>({
  emulator: [true, { option: true }],
  servers: async ({ emulator }, use) => {
    // Today's time on both clocks: the browser judges the session's expiry by its own.
    const port = await freePort();
    const tenantOrigin = `http://localhost:${port}`;
    // Its single sign-on comes back to the name the browser used, as a real tenant's does to its own host.
    const tenant = await startTestServer({
      clock: new ManualClock(Date.now()),
      config: { port, publicOrigin: tenantOrigin },
    });
    const upstream = `${tenantOrigin}/TDWebApi`;
    const main = await startTestServer({
      clock: new ManualClock(Date.now()),
      config: {
        emulator,
        relayTenants: [
          { name: 'example', label: EXAMPLE, upstream, organization: 'example' },
          {
            name: 'example-sb',
            label: EXAMPLE_SANDBOX,
            upstream: `${tenantOrigin}/SBTDWebApi`,
            organization: 'example',
          },
        ],
        defaultConnection: 'example',
      },
    });
    await use({ main, tenant, upstream });
    await main.stop(true);
    await tenant.stop(true);
  },
  baseURL: async ({ servers }, use) => use(servers.main.origin),
});

const picker = (page: Page) => page.getByLabel('Connection');
const optionLabels = (page: Page) => picker(page).locator('option');

async function openSignIn(page: Page) {
  await page.goto('/sign-in');
  await expect(picker(page)).toBeEnabled();
}

test.describe('with the emulator on', () => {
  test('the picker shows the server’s labels, preselects its default, and remembers the browser’s choice', async ({
    page,
    context,
  }) => {
    await openSignIn(page);
    await expect(optionLabels(page)).toHaveText([
      'This server (emulator)',
      'This server (emulator, sandbox)',
      EXAMPLE,
      EXAMPLE_SANDBOX,
    ]);
    await expect(picker(page)).toHaveValue('relay:example');
    await expect(picker(page).locator('option:checked')).toHaveText(EXAMPLE);
    expect(await seriousViolations(page)).toEqual([]);

    await picker(page).selectOption({ label: EXAMPLE_SANDBOX });
    await page.reload();
    await expect(picker(page)).toBeEnabled();
    await expect(picker(page)).toHaveValue('relay:example-sb');
    // Its id alone, a preference: the one thing the console keeps in localStorage.
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).toBe(
      JSON.stringify({ [CHOICE_KEY]: 'relay:example-sb' }),
    );

    // Another tab of this browser starts there too.
    const other = await context.newPage();
    await openSignIn(other);
    await expect(picker(other)).toHaveValue('relay:example-sb');
    await other.close();

    // A remembered connection the server no longer offers: back to the default.
    await page.evaluate((key) => localStorage.setItem(key, 'relay:gone'), CHOICE_KEY);
    await page.reload();
    await expect(picker(page)).toBeEnabled();
    await expect(picker(page)).toHaveValue('relay:example');
  });

  test('a session on the tenant’s sandbox: the app bar names it and marks it, copies name it, and it stays', async ({
    page,
    servers,
  }) => {
    await openSignIn(page);
    await picker(page).selectOption({ label: EXAMPLE_SANDBOX });
    await signInWithForm(page, JDOE);
    await expect(page).toHaveURL('/profile');

    const bar = page.getByRole('banner');
    await expect(bar).toContainText(`Connection: ${EXAMPLE_SANDBOX}`);
    await expect(bar.getByText('Sandbox', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Token' }).first().click();
    await expect(page.getByLabel('curl command')).toContainText(
      `# Connection: ${EXAMPLE_SANDBOX}\n# The token is read from the environment variable TDX_TOKEN: export TDX_TOKEN='…' first (the console's Token screen copies it).\ncurl \\\n  -H "Authorization: Bearer $TDX_TOKEN" \\\n  '${servers.upstream.replace('TDWebApi', 'SBTDWebApi')}/api/auth/getuser'`,
    );
    expect(await seriousViolations(page)).toEqual([]);

    // Another connection chosen in another tab does not move this session, nor, after a reload, its picker.
    await page.evaluate((key) => localStorage.setItem(key, 'emulator'), CHOICE_KEY);
    await page.reload();
    await expect(bar).toContainText(`Connection: ${EXAMPLE_SANDBOX}`);
    expect((await storedSession(page))?.connection).toMatchObject({
      id: 'relay:example-sb',
      label: EXAMPLE_SANDBOX,
      baseUrl: '/relay/example-sb',
      organization: 'example',
    });
  });

  test('SSO on the relayed tenant: its own SSO page in a new tab, then the token pasted here', async ({
    page,
    context,
    servers,
    requests,
  }) => {
    const referers: (string | undefined)[] = [];
    context.on('request', (request) => {
      if (request.url().startsWith(servers.upstream)) referers.push(request.headers().referer);
    });
    await openSignIn(page);
    await expect(picker(page)).toHaveValue('relay:example');
    const opened = context.waitForEvent('page');
    await page.getByRole('link', { name: 'Sign in with SSO' }).click();
    const tab = await opened;

    // This tab moved on to the paste step while the tenant's page opened in the other.
    await expect(page).toHaveURL('/sso?returnTo=%2Fprofile');
    const steps = page.getByRole('list', { name: 'Steps' });
    await expect(steps).toContainText(`the connection’s own page, ${servers.upstream}/api/auth/loginsso.`);
    expect(await seriousViolations(page)).toEqual([]);
    // The steps, the tenant's long address among them, fit a 360 px screen.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Opened without a window.opener, and without telling the tenant which page sent the person there.
    expect(await tab.evaluate(() => window.opener === null)).toBe(true);
    expect(referers[0]).toBeUndefined();

    // The tenant asks for a sign-in at its identity provider, then shows the token as text.
    await expect(tab).toHaveURL(/\/idp\/interaction\/[\w-]+$/);
    await tab.getByLabel('User name').fill('jane');
    await tab.getByLabel('Password').fill(IDP_PASSWORD);
    await tab.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(tab).toHaveURL(`${servers.upstream}/api/auth/loginsso`);
    const token = (await tab.locator('body').innerText()).trim();
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await tab.close();

    await page.getByRole('textbox', { name: 'Token' }).fill(token);
    await page.getByRole('button', { name: 'Check token' }).click();
    await expect(page.getByText(`A token for ${JDOE.username}`)).toBeVisible();
    await page.getByRole('button', { name: 'Verify with getuser and sign in' }).click();

    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('region', { name: 'Identity' })).toContainText(JDOE.username);
    await expect(page.getByRole('banner')).toContainText(`Connection: ${EXAMPLE}`);
    expect(await storedSession(page)).toMatchObject({ token, method: 'pasted' });
    const getusers = requests.filter((r) => new URL(r.url).pathname.endsWith('/api/auth/getuser'));
    // The check before the token is kept, then the profile's own: both to the tenant, through the relay.
    expect(getusers.map((r) => [new URL(r.url).pathname, r.authorization])).toEqual([
      ['/relay/example/api/auth/getuser', `Bearer ${token}`],
      ['/relay/example/api/auth/getuser', `Bearer ${token}`],
    ]);
    // The browser never called the tenant's API itself: only its SSO page, in the other tab.
    expect(requests.filter((r) => r.url.startsWith(servers.upstream))).toEqual([]);
  });
});

test.describe('with the emulator off', () => {
  test.use({ emulator: false });

  test('the picker offers the tenant’s connections alone, with the default chosen', async ({ page }) => {
    await openSignIn(page);
    await expect(optionLabels(page)).toHaveText([EXAMPLE, EXAMPLE_SANDBOX]);
    await expect(picker(page)).toHaveValue('relay:example');
    await expect(page.getByText(/This server \(emulator/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign in with SSO' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // A browser that chose this server's emulator when it still ran: the default now.
    await page.evaluate((key) => localStorage.setItem(key, 'emulator'), CHOICE_KEY);
    await page.reload();
    await expect(picker(page)).toBeEnabled();
    await expect(picker(page)).toHaveValue('relay:example');
    await expect(optionLabels(page)).toHaveText([EXAMPLE, EXAMPLE_SANDBOX]);
  });
});
