import type { Page } from '@playwright/test';
import {
  ASMITH,
  JDOE,
  expect,
  signInViaApi,
  signInWithForm,
  storedSession,
  storedText,
  test,
} from './fixtures';

const identity = (page: Page) => page.getByRole('region', { name: 'Identity' });

test.describe('across tabs', () => {
  test('signing out in one tab signs out the other within a second', async ({ context }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await signInViaApi(first, JDOE);
    await signInViaApi(second, JDOE);
    await first.goto('/profile');
    await second.goto('/token');
    await expect(identity(first)).toContainText(JDOE.username);
    await expect(second.getByRole('heading', { level: 1, name: 'Token' })).toBeVisible();

    await first.getByRole('button', { name: 'Sign out' }).click();

    await expect(first).toHaveURL(/\/sign-in(\?|$)/);
    await expect(second).toHaveURL('/sign-in?returnTo=%2Ftoken', { timeout: 1000 });
    await expect(second.getByText('You signed out in another tab.')).toBeVisible();
    expect(await storedSession(second)).toBeNull();
  });

  test('signing in in one tab reaches the other, replacing the previous user', async ({ context }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    // The first tab opens before any tab has a session, so it does not join one.
    await first.goto('/sign-in');
    await signInViaApi(second, ASMITH);
    await second.goto('/profile');
    await expect(identity(second)).toContainText(ASMITH.username);

    await signInWithForm(first, JDOE);
    await expect(identity(first)).toContainText(JDOE.username);

    // The other tab follows at once and never shows asmith's record with jdoe's token.
    await expect(second.getByRole('button', { name: JDOE.username })).toBeVisible({ timeout: 1000 });
    await expect(identity(second)).toContainText(JDOE.username);
    await expect(identity(second)).not.toContainText(ASMITH.username);
  });
});

test.describe('a new tab', () => {
  test('joins the session of a tab already signed in: no second sign-in', async ({ context }) => {
    const first = await context.newPage();
    const signedIn = await signInViaApi(first, JDOE);
    await first.goto('/profile');
    await expect(identity(first)).toContainText(JDOE.username);

    // As a middle-click on "Token" or a bookmark opens it.
    const second = await context.newPage();
    await second.goto('/token');

    await expect(second.getByRole('heading', { level: 1, name: 'Token' })).toBeVisible();
    await expect(second).toHaveURL('/token');
    expect((await storedSession(second))?.token).toBe(signedIn.token);
  });
});

test.describe('memory only, across tabs', () => {
  test('a memory-only sign-in reaches no storage in any tab: the other tab does not adopt it', async ({
    context,
  }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await second.goto('/sign-in');
    // What the second tab hears on the console's channel, in order.
    await second.evaluate(() => {
      const heard: unknown[] = [];
      (window as unknown as { heard: unknown[] }).heard = heard;
      new BroadcastChannel('auth-console.session').onmessage = (event: MessageEvent<{ type: string }>) => {
        // A tab opening says hello; only what is sent about sessions matters here.
        if (event.data.type !== 'hello') heard.push(event.data);
      };
    });

    await first.goto('/sign-in');
    await first.getByLabel('Keep the token in memory only').check();
    const login = first.waitForResponse((r) => r.url().endsWith('/TDWebApi/api/auth'));
    await signInWithForm(first, JDOE);
    const token = (await (await login).text()).trim();
    await expect(identity(first)).toContainText(JDOE.username);
    await first.getByRole('button', { name: 'Sign out' }).click();
    await expect(first).toHaveURL(/\/sign-in(\?|$)/);

    // Messages from one tab arrive in order: a sent sign-in would be heard before the sign-out.
    await expect
      .poll(() => second.evaluate(() => (window as unknown as { heard: unknown[] }).heard))
      .toEqual([{ type: 'signed-out' }]);
    await expect(second.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    for (const tab of [first, second]) {
      const stored = await storedText(tab);
      expect(stored.session).not.toContain(token);
      expect(stored.local).not.toContain(token);
    }
  });
});

test.describe('the tab', () => {
  test('a reload keeps the session', async ({ page, signedIn }) => {
    await page.goto('/profile');
    await expect(identity(page)).toContainText(JDOE.username);

    await page.reload();

    await expect(page).toHaveURL('/profile');
    await expect(identity(page)).toContainText(JDOE.username);
    expect((await storedSession(page))?.token).toBe(signedIn.token);
  });

  test('closing the tab ends the session: a new tab must sign in', async ({
    signedInPage: page,
    context,
  }) => {
    await page.goto('/profile');
    await expect(identity(page)).toContainText(JDOE.username);

    await page.close();
    const next = await context.newPage();
    await next.goto('/profile');

    await expect(next).toHaveURL('/sign-in?returnTo=%2Fprofile');
    await expect(next.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  test('"memory only" keeps the token out of sessionStorage, so a reload signs out', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Keep the token in memory only').check();
    await signInWithForm(page, JDOE);
    await expect(identity(page)).toContainText(JDOE.username);
    expect((await storedText(page)).session).not.toContain('token');

    await page.reload();

    await expect(page).toHaveURL('/sign-in?returnTo=%2Fprofile');
  });
});

test('the token never reaches localStorage, cookies or a URL', async ({ page, requests }) => {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => visited.push(frame.url()));
  await page.goto('/sign-in');
  const login = page.waitForResponse((r) => r.url().endsWith('/TDWebApi/api/auth'));
  await signInWithForm(page, JDOE);
  const token = (await (await login).text()).trim();
  expect(token.split('.')).toHaveLength(3);

  // Around every screen, including the curl command with the token shown and a reload.
  await expect(identity(page)).toContainText(JDOE.username);
  await page.getByRole('link', { name: 'Token' }).click();
  await page.getByLabel('Show the token in the command').check();
  await expect(page.getByLabel('curl command')).toContainText(token);
  await page.getByRole('link', { name: 'Admin key' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin key' })).toBeVisible();
  await page.reload();
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(identity(page)).toContainText(JDOE.username);
  const stored = await storedText(page);
  expect(stored.session).toContain(token);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  // The signature alone would be enough to leak: look for it, not just the whole token.
  const signature = token.split('.')[2] ?? token;
  const after = await storedText(page);
  for (const text of [stored.local, stored.cookies, after.local, after.cookies, after.session]) {
    expect(text).not.toContain(signature);
  }
  const urls = [...visited, ...requests.map((r) => r.url)];
  expect(urls.length).toBeGreaterThan(5);
  for (const url of urls) expect(url).not.toContain(signature);
  // And it went out only as a bearer header.
  expect(requests.some((r) => r.authorization === `Bearer ${token}`)).toBe(true);
});
