import type { Browser } from '@playwright/test';
import { ASMITH, expect, signInWithForm, test } from './fixtures';
import { RELAY_NAME } from './servers';

/** The script files a signed-out first visit to `path` loads, in a fresh context (empty cache). */
async function scriptsOfFirstVisit(browser: Browser, path: string): Promise<string[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    return scripts.sort();
  } finally {
    await context.close();
  }
}

test('signed out, / loads exactly the scripts /sign-in loads: the guard runs before signed-in code', async ({
  browser,
}) => {
  const atSignIn = await scriptsOfFirstVisit(browser, '/sign-in');
  const atRoot = await scriptsOfFirstVisit(browser, '/');
  expect(atRoot).toEqual(atSignIn);
  expect(atRoot.some((path) => path.includes('signed-in-layout'))).toBe(false);
});

test('signed out, / draws the sign-in form first: no frame of the guard and no redirect before it', async ({
  page,
}) => {
  // Where the page was, and what it showed, the first time the app put anything on the page.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const root = document.getElementById('root');
      if (!root?.firstElementChild) return;
      observer.disconnect();
      Object.assign(window, {
        firstDrawn: { path: location.pathname, form: root.querySelector('form') !== null },
      });
    });
    observer.observe(document, { subtree: true, childList: true });
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  await expect(page).toHaveURL('/sign-in?returnTo=%2F');
  expect(await page.evaluate(() => (window as unknown as { firstDrawn: unknown }).firstDrawn)).toEqual({
    path: '/sign-in',
    form: true,
  });
  // The address was replaced, not pushed: Back leaves the console as it would have left /.
  expect(await page.evaluate(() => history.length)).toBe(2);
});

test('what only a failure shows is not part of the first page, and a failed sign-in still shows it at once', async ({
  page,
}) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await page.goto('/sign-in', { waitUntil: 'networkidle' });
  const firstPage = (await Promise.all(scripts)).join('\n');
  // The failures' wording (describe-failure), the details disclosure (error-notice), MUI's Alert, the not-found page.
  for (const rarePart of ['Check that it is running', 'Show details', 'MuiAlert', 'There is no screen'])
    expect(firstPage).not.toContain(rarePart);

  await signInWithForm(page, { username: ASMITH.username, password: 'not-the-password' });
  await expect(page.getByRole('alert')).toHaveText('The user name or password is incorrect.');
  await page.getByRole('button', { name: 'Show details' }).click();
  await expect(page.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
});

test("the submit's code comes with the form's first use, not with the first page, and the sign-in goes through", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/sign-in', { waitUntil: 'networkidle' });
  expect(scripts.some((path) => path.includes('password-sign-in'))).toBe(false);

  await page.getByLabel('User name').press('a');
  await expect.poll(() => scripts.some((path) => path.includes('password-sign-in'))).toBe(true);
  await page.getByLabel('User name').clear();
  await signInWithForm(page, ASMITH);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
});

test('a first visit shows the form ready, with the connection list it came with: no request for it, nor for an icon', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  // An inline script the page ran would break the CSP (script-src 'self'); its data block is not one.
  await page.addInitScript(() => {
    const violations: string[] = [];
    Object.assign(window, { violations });
    document.addEventListener('securitypolicyviolation', (event) => violations.push(event.violatedDirective));
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  expect(requests.filter((path) => path === '/relay')).toEqual([]);
  const picker = page.getByLabel('Connection');
  await expect(picker).toBeEnabled();
  await expect(picker.getByRole('option')).toHaveText([
    'This server (emulator)',
    'This server (emulator, sandbox)',
    RELAY_NAME,
  ]);

  await page.waitForLoadState('networkidle');
  expect(requests.filter((path) => path === '/relay')).toEqual([]);
  // The icon is in the page: neither its own file nor /favicon.ico is fetched, and it is a picture.
  expect(requests.filter((path) => path.includes('favicon'))).toEqual([]);
  const icon = await page.evaluate(async () => {
    const image = new Image();
    image.src = document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? '';
    await image.decode();
    return { kind: image.src.slice(0, 22), width: image.naturalWidth, height: image.naturalHeight };
  });
  // A PNG: Chromium draws an SVG icon by building an SVG document on the page's main thread, on the first page's path.
  expect(icon).toEqual({ kind: 'data:image/png;base64,', width: 32, height: 32 });
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
});
