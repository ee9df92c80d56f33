import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';

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
