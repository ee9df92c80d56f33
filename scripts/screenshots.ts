// The README's screenshots, made from the real emulator as the e2e tests start it (e2e/start-server.mjs on a free
// port, a throwaway data directory) in the Chromium the tests use; those of the single sign-on walkthrough
// (docs/single-sign-on-walkthrough.md) from a console relaying to a second emulator as the organization's tenant,
// started as e2e/connections.spec.ts starts them. Needs a built console (npm run screenshots builds it first).
// Writes docs/screenshots/*.png.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { ManualClock } from '../server/testing/manual-clock.ts';
import { freePort } from '../server/testing/free-port.ts';
import { startTestServer } from '../server/testing/start-server.ts';
import { LOG_DIR, MAIN_ORIGIN, MAIN_PORT } from '../e2e/servers';
import { settleAnimations } from '../e2e/settle-animations';
import { tdToken } from '../src/testing/tokens';
import { chromiumLaunchOptions } from './chromium';

const OUT = join(import.meta.dirname, '..', 'docs', 'screenshots');
/** The pictures' size, unless one needs to be taller to hold its whole screen. */
const VIEWPORT = { width: 1000, height: 720 };
const USER = { username: 'jdoe@example.edu', password: 'Tdx-demo-2026' };

async function untilUp(url: string, deadline = Date.now() + 60_000): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer ${url} within a minute`);
}

async function shoot(page: Page, name: string) {
  await settleAnimations(page);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(OUT, `${name}.png`) });
  console.log(`docs/screenshots/${name}.png`);
}

/**
 * A picture in a viewport `height` tall (and `width` wide, else the usual width), from the top of the page, for a
 * screen longer or wider than the usual one.
 */
async function shootTall(page: Page, name: string, height: number, width = VIEWPORT.width) {
  await page.setViewportSize({ width, height });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, name);
  await page.setViewportSize(VIEWPORT);
}

async function signIn(page: Page, password: string) {
  await page.getByLabel('User name').fill(USER.username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * An SSO-only organization's administrator signing in to its tenant through the relay: the console offers the
 * organization's connections alone (its emulator off), the tenant's own SSO page opens in a new tab, asks for a
 * sign-in, shows the token, and the token is pasted back.
 */
async function ssoWalkthrough(browser: Browser) {
  const port = await freePort();
  const tenantOrigin = `http://localhost:${port}`;
  const tenant = await startTestServer({
    clock: new ManualClock(Date.now()),
    config: { port, publicOrigin: tenantOrigin },
  });
  const consoleServer = await startTestServer({
    clock: new ManualClock(Date.now()),
    config: {
      emulator: false,
      relayTenants: [
        {
          name: 'example',
          label: 'Example University',
          upstream: `${tenantOrigin}/TDWebApi`,
          organization: 'example',
        },
        {
          name: 'example-sb',
          label: 'Example University (sandbox)',
          upstream: `${tenantOrigin}/SBTDWebApi`,
          organization: 'example',
        },
      ],
      defaultConnection: 'example',
    },
  });
  const context = await browser.newContext({
    baseURL: consoleServer.origin,
    viewport: VIEWPORT,
  });
  try {
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await page.goto('/sign-in');
    await page.getByLabel('Connection').and(page.locator(':enabled')).waitFor();
    await page.getByRole('link', { name: 'Sign in with SSO' }).waitFor();
    // Tall enough for the whole sign-in card, from the connection to the SSO link.
    await shootTall(page, 'sso-1-sign-in', 1100);

    const opened = context.waitForEvent('page');
    await page.getByRole('link', { name: 'Sign in with SSO' }).click();
    const tab = await opened;
    await tab.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await tab.getByLabel('User name').waitFor();
    await shoot(tab, 'sso-2-identity-provider');
    await tab.getByLabel('User name').fill('jane');
    await tab.getByLabel('Password').fill('Sso-demo-2026');
    await tab.getByRole('button', { name: 'Sign in', exact: true }).click();
    await tab.waitForURL(`${tenantOrigin}/TDWebApi/api/auth/loginsso`);
    await shoot(tab, 'sso-3-token-page');
    const token = (await tab.locator('body').innerText()).trim();
    await tab.close();

    await page.getByRole('textbox', { name: 'Token' }).fill(token);
    await page.getByRole('button', { name: 'Check token' }).click();
    await page.getByRole('button', { name: 'Verify with getuser and sign in' }).waitFor();
    await shootTall(page, 'sso-4-paste', 1280);

    await page.getByRole('button', { name: 'Verify with getuser and sign in' }).click();
    await page.getByRole('region', { name: 'Contact and location' }).waitFor();
    await shoot(page, 'sso-5-profile');
  } finally {
    await context.close();
    await consoleServer.stop(true);
    await tenant.stop(true);
  }
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const server = spawn(process.execPath, ['e2e/start-server.mjs'], {
    env: { ...process.env, PORT: String(MAIN_PORT), RATE_LIMIT: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    await untilUp(`${MAIN_ORIGIN}/healthz`);
    const page = await browser.newPage({ baseURL: MAIN_ORIGIN, viewport: VIEWPORT });
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });

    await page.goto('/sign-in');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await shoot(page, 'sign-in');

    await signIn(page, 'not-the-password');
    await page.getByRole('button', { name: 'Show details' }).click();
    await page.getByText('HTTP status').waitFor();
    await page.getByLabel('Password').fill('');
    await shoot(page, 'error-details');

    await page.goto('/sign-in');
    await page.getByLabel('Connection').selectOption({ label: 'This server (emulator, sandbox)' });
    await signIn(page, USER.password);
    await page.getByRole('region', { name: 'Contact and location' }).waitFor();
    await shoot(page, 'profile-sandbox');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Token' }).click();
    await page.getByRole('table', { name: 'Token claims' }).waitFor();
    await shoot(page, 'token');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Requests' }).click();
    await page.getByLabel('Search the catalog').fill('people lookup');
    await page.getByRole('button', { name: 'GET /api/people/lookup Emulated' }).click();
    await page.getByLabel('Value 1').fill('doe');
    await page.getByLabel('Value 2').fill('5');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('tree', { name: 'Answer body' }).waitFor();
    // Wide enough for the library column, the form and its answer side by side (from 1600 px).
    await shootTall(page, 'requests', 1100, 1680);

    // Everyone in the demo realm, each named, searched.
    await page.getByLabel('Value 1').fill('example.edu');
    await page.getByLabel('Value 2').fill('100');
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = page.getByRole('region', { name: 'Answer' });
    // The answer to this second request: the one naming its search (the lookup's limit is 10 a second, so its
    // "left" figure depends on the second the calls fell in).
    await page.locator('code', { hasText: 'searchText=example.edu' }).first().waitFor();
    await answer.getByRole('searchbox', { name: 'Search answer body' }).fill('smith');
    await answer.getByText('“smith” is in 1 of').waitFor();
    await settleAnimations(page);
    await page.mouse.move(0, 0);
    await answer.screenshot({ path: join(OUT, 'requests-answer.png') });
    console.log('docs/screenshots/requests-answer.png');

    // The decoder with a token shaped like the emulator's and signed by no one: no real token in a picture.
    await page.goto('/decode');
    await page.getByRole('textbox', { name: 'Token' }).fill(tdToken(USER.username, Date.now()));
    await page.getByRole('table', { name: 'Token claims' }).waitFor();
    await shoot(page, 'decode');

    await ssoWalkthrough(browser);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(LOG_DIR, { recursive: true, force: true });
  }
}

await main();
