import type { Page } from '@playwright/test';
import { EXAMPLE_UNIVERSITY, JDOE, expect, test } from './fixtures';

declare global {
  interface Window {
    /** The main heading after each change of the page, and whether the form showed it was busy, oldest first. */
    headingsSeen?: string[];
  }
}

/** From now on, notes the main heading after every change of the page, so even one blank state shows. */
async function recordHeadings(page: Page) {
  await page.addInitScript(() => {
    window.headingsSeen = [];
    const sample = () => {
      const heading = document.querySelector('main h1')?.textContent ?? '(no heading)';
      const busy = document.querySelector('[role="progressbar"][aria-label="Signing in"]') !== null;
      const seen = busy ? `${heading}, busy` : heading;
      if (window.headingsSeen!.at(-1) !== seen) window.headingsSeen!.push(seen);
    };
    new MutationObserver(sample).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
}

/** The headings `recordHeadings` saw from the click of `button` until the profile showed, oldest first. */
async function headingsUntilProfile(page: Page, button: string): Promise<string[]> {
  await page.evaluate(() => {
    window.headingsSeen = [];
  });
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  return page.evaluate(() => window.headingsSeen ?? []);
}

test('from sign-in to the profile the screen is never without its heading: the form waits, with a progress indicator', async ({
  page,
}) => {
  await recordHeadings(page);
  await page.goto('/sign-in');
  await page.getByLabel('User name').fill(JDOE.username);
  await page.getByLabel('Password').fill(JDOE.password);
  const seen = await headingsUntilProfile(page, 'Sign in');

  // The form stayed, busy, until the profile could show: no state in between without a heading. (The button's
  // ripple may change the page before the form turns busy.)
  expect(seen.slice(seen[0] === 'Sign in' ? 1 : 0)).toEqual(['Sign in, busy', 'Profile']);
});

test('from an admin-key sign-in to the profile the screen is never without its heading', async ({ page }) => {
  await recordHeadings(page);
  await page.goto('/admin-key');
  await page.getByLabel('BEID').fill(EXAMPLE_UNIVERSITY.beid);
  await page.getByLabel('WebServicesKey').fill(EXAMPLE_UNIVERSITY.key);
  const seen = await headingsUntilProfile(page, 'Sign in with key');
  expect(seen.filter((heading) => heading !== 'Admin key')).toEqual(['Profile']);
});

test('from a pasted token to the profile the screen is never without its heading', async ({ page }) => {
  // A token of the emulator's, obtained out of the page: the paste flow only needs a valid one.
  const login = await page.request.post('/TDWebApi/api/auth/login', {
    data: { username: JDOE.username, password: JDOE.password },
  });
  const token = (await login.text()).trim();
  await recordHeadings(page);
  await page.goto('/sso');
  await page.getByRole('textbox', { name: 'Token' }).fill(token);
  await page.getByRole('button', { name: 'Check token' }).click();
  const seen = await headingsUntilProfile(page, 'Verify with getuser and sign in');
  expect(seen.filter((heading) => !heading.startsWith('Single sign-on'))).toEqual(['Profile']);
});
