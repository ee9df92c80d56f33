import type { Locator, Page } from '@playwright/test';
import {
  EXAMPLE_UNIVERSITY,
  JDOE,
  callFromOwnAddress,
  expect,
  expiresOnPage,
  seriousViolations,
  signInUnderClock,
  test,
} from './fixtures';
import type { ScreenEntry } from '@/app/routing/screens';
import { PROFILE_PATH, TOKEN_PATH } from '@/lib/routes';
import { SIGNED_IN_SCREENS, SIGNED_OUT_SCREENS, visitPath } from './screen-audits';
import { LIMITED_ORIGIN, LIMITED_RATE } from './servers';
import { closeLibrary, openLibrary } from './helpers/library';

/** Goes to a screen; within the loaded console by a client-side navigation, which is quicker than a load. */
async function show(page: Page, path: string) {
  const loaded = await page.evaluate(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
  if (!loaded) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(path);
}

/** What shows that a screen's content is drawn, beyond its heading, for screens whose content arrives later. */
const CONTENT: Partial<Record<string, (page: Page) => Locator>> = {
  [PROFILE_PATH]: (page) => page.getByRole('region', { name: 'Contact and location' }),
  [TOKEN_PATH]: (page) => page.getByRole('table', { name: 'Token claims' }),
};

/**
 * Runs axe on each screen of the table in turn and reports every serious or critical violation, by screen. Each is
 * judged once fully drawn, its heading shown and nothing left loading: axe on a half-loaded screen would prove little.
 * Ends on the first screen again.
 */
async function auditScreens(page: Page, screens: readonly ScreenEntry[]) {
  // Each screen adds its own time (a load, axe's run): the test's limit grows with the table.
  test.info().setTimeout(test.info().timeout + 5_000 * screens.length);
  const found: Record<string, string[]> = {};
  for (const screen of screens) {
    const path = visitPath(screen);
    await show(page, path);
    await expect(page.getByRole('heading', { level: 1, name: screen.title, exact: true })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    const content = CONTENT[screen.path];
    if (content) await expect(content(page)).toBeVisible();
    found[path] = await seriousViolations(page);
  }
  expect(found).toEqual(Object.fromEntries(screens.map((screen) => [visitPath(screen), []])));
  // Back to the first, so that the test goes on from a screen it knows (the walk may end outside the frame).
  await show(page, visitPath(screens[0]!));
  await expect(page.getByRole('heading', { level: 1, name: screens[0]!.title, exact: true })).toBeVisible();
}

async function switchToDark(page: Page) {
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
  // Move off the toggle so its tooltip closes: axe would judge the contrast of it half faded in.
  await page.mouse.move(0, 400);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
}

test.describe('axe: no serious or critical violations', () => {
  test('signed out, light', async ({ page }) => {
    await auditScreens(page, SIGNED_OUT_SCREENS);
  });

  test('signed out, with errors and results showing', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Enter your password.')).toBeVisible();
    await page.getByLabel('User name').fill(JDOE.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/admin-key');
    await page.getByLabel('BEID').fill('not a guid');
    await page.getByRole('button', { name: 'Test credentials' }).click();
    await expect(page.getByText('The BEID may contain only')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('BEID').fill(EXAMPLE_UNIVERSITY.beid);
    await page.getByLabel('WebServicesKey').fill(EXAMPLE_UNIVERSITY.key);
    await page.getByRole('button', { name: 'Test credentials' }).click();
    await expect(page.getByText('The key is valid')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the SSO callback, failed for real, and the not-found page', async ({ page }, testInfo) => {
    // A real failure, no interception: on the server with the tiny limit, a caller of its own whose loginsso
    // calls are used up gets 429 when the callback asks for the token.
    const caller = await callFromOwnAddress(page, testInfo, 201);
    for (let call = 0; call < LIMITED_RATE; call++) {
      await page.request.get(`${LIMITED_ORIGIN}/TDWebApi/api/auth/loginsso`, {
        headers: { 'X-Forwarded-For': caller },
        maxRedirects: 0,
      });
    }
    await page.goto(`${LIMITED_ORIGIN}/sso/callback`);
    await expect(page.getByRole('alert')).toContainText('Too many calls');
    await expect(page.getByRole('link', { name: 'Back to single sign-on' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/no-such-screen');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the five-minute warning, light and dark', async ({ page }) => {
    const session = await signInUnderClock(page, JDOE);
    await page.goto('/token');
    await expect(page.getByRole('table', { name: 'Token claims' })).toBeVisible();
    await page.clock.pauseAt(expiresOnPage(session) - 4 * 60_000);
    await expect(page.getByText('Your session ends in')).toBeVisible();
    // axe runs on timers: let the clock run again (four minutes remain).
    await page.clock.resume();
    expect(await seriousViolations(page)).toEqual([]);
    await switchToDark(page);
    await expect(page.getByText('Your session ends in')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('signed in, light', async ({ signedInPage: page }) => {
    await auditScreens(page, SIGNED_IN_SCREENS);
  });

  test('dark mode, chosen with the toggle, signed in and then signed out', async ({ signedInPage: page }) => {
    await page.goto('/profile');
    await switchToDark(page);
    await auditScreens(page, SIGNED_IN_SCREENS);

    // The choice outlives the session: the signed-out screens are dark too.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: JDOE.username })).toHaveCount(0);
    await auditScreens(page, SIGNED_OUT_SCREENS);
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test('an answer tree, expanded and with its copy button: no label-content-name-mismatch either', async ({
    signedInPage: page,
  }) => {
    await page.goto('/requests');
    await page.getByLabel('Path', { exact: true }).fill('people/lookup?searchText=example.edu&maxResults=5');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const tree = page.getByRole('tree', { name: 'Answer body' });
    const first = tree.getByRole('treeitem', { level: 1 }).first();
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(first.getByRole('button', { name: /^Copy / }).first()).toBeVisible();
    // An axe rule it leaves off by default, which flagged every expanded item and the one with its copy button.
    expect(await seriousViolations(page, { alsoRules: ['label-content-name-mismatch'] })).toEqual([]);
  });

  test('the Requests screen’s library open on History and on Saved, light and dark', async ({
    signedInPage: page,
  }) => {
    await page.goto('/requests');
    await page.getByLabel('Path', { exact: true }).fill('people/lookup?searchText=doe');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Answer' })).toContainText('200 OK');
    const history = await openLibrary(page, 'History');
    await expect(history.getByRole('listitem')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    await closeLibrary(page);
    await switchToDark(page);
    await openLibrary(page, 'Saved');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('dark mode from the system preference, signed out', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await auditScreens(page, SIGNED_OUT_SCREENS);
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test.describe('at 360 px wide', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('signed out', async ({ page }) => {
      await auditScreens(page, SIGNED_OUT_SCREENS);
    });

    test('signed in, light and dark, with the navigation drawer', async ({ signedInPage: page }) => {
      await auditScreens(page, SIGNED_IN_SCREENS);
      // Nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      await page.getByRole('button', { name: 'Open navigation' }).click();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Token' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await nav.getByRole('link', { name: 'Profile' }).click();
      await expect(nav).toBeHidden();

      await switchToDark(page);
      await auditScreens(page, SIGNED_IN_SCREENS);
    });
  });
});
