import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../server/testing/start-server.ts';
import { expect, test } from './fixtures';

const BUILT = resolve(import.meta.dirname, '../dist');

/** A copy of the built console for one server to serve, so this spec can redeploy under it. */
function copyOfDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'console-redeploy-'));
  cpSync(BUILT, dir, { recursive: true });
  return dir;
}

/** A new build in place: every script under a new hashed name (the old ones gone), index.html pointing at them. */
function redeploy(dist: string) {
  const assets = join(dist, 'assets');
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
  const renamed = (name: string) => name.replace(/\.js$/, 'n.js');
  const rewrite = (text: string) => scripts.reduce((out, name) => out.replaceAll(name, renamed(name)), text);
  for (const name of scripts) {
    writeFileSync(join(assets, renamed(name)), rewrite(readFileSync(join(assets, name), 'utf8')));
    rmSync(join(assets, name));
  }
  writeFileSync(join(dist, 'index.html'), rewrite(readFileSync(join(dist, 'index.html'), 'utf8')));
}

/** The SSO screen's code removed, as a deploy that lost a file would leave it. */
function loseSsoScreen(dist: string) {
  const assets = join(dist, 'assets');
  for (const name of readdirSync(assets).filter((n) => n.startsWith('sso-page-'))) rmSync(join(assets, name));
}

/**
 * Opens the sign-in screen of a server of this spec's own and counts the page's loads from then on (this first one
 * included): a reload the console makes shows as a second.
 */
async function openSignInCountingLoads(page: Page, origin: string, waitUntil?: 'networkidle') {
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto(`${origin}/sign-in`, { waitUntil });
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  return () => loads;
}

test.describe('a screen whose code is gone', () => {
  let dist: string;
  let server: TestServer;
  test.beforeEach(async () => {
    dist = copyOfDist();
    server = await startTestServer({ config: { distDir: dist } });
  });
  test.afterEach(async () => {
    await server.stop(true);
    rmSync(dist, { recursive: true, force: true });
  });

  test('after a redeploy, the page reloads once into the new build and opens the screen', async ({
    page,
  }) => {
    const loads = await openSignInCountingLoads(page, server.origin);

    redeploy(dist);
    await page.getByRole('link', { name: 'Paste a token from the SSO page instead' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Single sign-on' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/sso');
    expect(loads()).toBe(2);
  });

  test('a file lost from the build that is still served: the error screen, and no reload that could not help', async ({
    page,
  }) => {
    const loads = await openSignInCountingLoads(page, server.origin);

    loseSsoScreen(dist);
    const askedForIndex = page.waitForResponse((response) => new URL(response.url()).pathname === '/');
    await page.getByRole('link', { name: 'Paste a token from the SSO page instead' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
    await askedForIndex;
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    expect(loads()).toBe(1);
  });
});

test.describe('a server that stopped after the page loaded', () => {
  let server: TestServer;
  let running = false;
  test.beforeEach(async () => {
    server = await startTestServer();
    running = true;
  });
  test.afterEach(async () => {
    if (running) await server.stop(true);
  });

  test('the form stays, and a sign-in says the server cannot be reached instead of reloading into an error page', async ({
    page,
  }) => {
    const loads = await openSignInCountingLoads(page, server.origin, 'networkidle');
    await server.stop(true);
    running = false;

    // The form's first use fetches the code of the submit and of its failures: both fail now.
    const askedForIndex = page.waitForEvent(
      'requestfailed',
      (request) => new URL(request.url()).pathname === '/',
    );
    await page.getByLabel('User name').fill('jdoe@example.edu');
    await askedForIndex;
    await page.getByLabel('Password').fill('whatever');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page.getByRole('alert')).toContainText('Check that the server is running');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(loads()).toBe(1);
  });
});
