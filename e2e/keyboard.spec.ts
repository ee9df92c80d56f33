import type { Locator, Page } from '@playwright/test';
import { PROFILE_PATH, TOKEN_PATH } from '@/lib/routes';
import { CLOSED_COLLEGE, EXAMPLE_UNIVERSITY, JDOE, expect, seriousViolations, test } from './fixtures';
import { NAV_SCREENS } from './screen-audits';
import { openLibrary } from './helpers/library';

/** A JWT the emulator did not sign: it decodes, and the server refuses it. */
const FORGED = [
  Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url'),
  Buffer.from('{"unique_name":"jdoe@example.edu","exp":4102444800}').toString('base64url'),
  'forged',
].join('.');

/** Presses Tab until `target` has focus (at most `limit` times), as a keyboard user would get there. */
async function tabTo(page: Page, target: Locator, limit = 25) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Opens `path` and scrolls it down (the profile with its raw JSON open, which makes it long enough). */
async function scrolledDown(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (path === PROFILE_PATH) await page.getByRole('button', { name: 'Raw JSON' }).click();
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
}

async function outlineOf(item: Locator) {
  return item.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
      background: style.backgroundColor,
    };
  });
}

test.describe('keyboard and screen readers', () => {
  test('"Skip to content" is the first tab stop, shows when focused, and moves focus into the main region', async ({
    signedInPage: page,
  }) => {
    await page.goto('/profile');
    await expect(page.getByRole('region', { name: 'Identity' })).toBeVisible();
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).not.toBeInViewport();

    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL('/profile');
    // The next Tab is inside the screen, past the app bar and the navigation.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  });

  test('each navigation scrolls to the top and puts focus on the new screen’s heading', async ({
    signedInPage: page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Raw JSON' }).click();
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Token' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Token' })).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await tabTo(page, nav.getByRole('link', { name: 'Profile' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('every screen the navigation lists, reached by its link, starts at the top with focus on its heading', async ({
    signedInPage: page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const arrived: Record<string, boolean> = {};
    for (const screen of NAV_SCREENS) {
      await scrolledDown(page, screen.path === PROFILE_PATH ? TOKEN_PATH : PROFILE_PATH);
      await nav.getByRole('link', { name: screen.nav, exact: true }).focus();
      await page.keyboard.press('Enter');
      const heading = page.getByRole('heading', { level: 1, name: screen.title, exact: true });
      await expect(heading).toBeFocused();
      arrived[screen.path] = await page.evaluate(() => window.scrollY === 0);
    }
    expect(arrived).toEqual(Object.fromEntries(NAV_SCREENS.map((screen) => [screen.path, true])));
  });

  test('the focused navigation item is ringed, the current one is not: each can be told apart, light and dark', async ({
    signedInPage: page,
  }) => {
    await page.goto('/profile');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const current = nav.getByRole('link', { name: 'Profile' });
    const other = nav.getByRole('link', { name: 'Token' });
    await expect(current).toHaveAttribute('aria-current', 'page');

    for (const scheme of ['light', 'dark']) {
      await tabTo(page, other);
      const focused = await outlineOf(other);
      const selected = await outlineOf(current);
      expect(focused.outline, `${scheme}: focused`).toMatch(/^solid 2px /);
      expect(selected.outline, `${scheme}: current`).toMatch(/^none /);
      expect(focused.background, `${scheme}: backgrounds`).not.toBe(selected.background);
      // The current item under focus shows both: its fill, and the ring.
      await tabTo(page, current);
      expect((await outlineOf(current)).outline).toMatch(/^solid 2px /);
      expect(await seriousViolations(page)).toEqual([]);
      if (scheme === 'light') {
        await page.getByRole('button', { name: 'Switch to dark mode' }).click();
        await expect(page.locator('html')).toHaveClass(/dark/);
        await page.mouse.move(0, 400);
      }
    }
  });

  test('a failed sign-in puts focus on the first invalid field, then on the error; success on the profile’s heading', async ({
    page,
  }) => {
    await page.goto('/sign-in');
    const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
    await signIn.click();
    await expect(page.getByLabel('User name')).toBeFocused();

    await page.getByLabel('User name').fill(JDOE.username);
    await signIn.click();
    await expect(page.getByLabel('Password')).toBeFocused();

    await page.getByLabel('Password').fill('not-the-password');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Password').fill(JDOE.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeFocused();
  });

  test('a failed admin-key submit puts focus on the first invalid field, then on the error', async ({
    page,
  }) => {
    await page.goto('/admin-key');
    const test = page.getByRole('button', { name: 'Test credentials' });
    await page.getByLabel('BEID').fill('not a guid');
    await test.click();
    await expect(page.getByLabel('BEID')).toBeFocused();

    await page.getByLabel('BEID').fill(EXAMPLE_UNIVERSITY.beid);
    await test.click();
    await expect(page.getByLabel('WebServicesKey')).toBeFocused();

    await page.getByLabel('BEID').fill(CLOSED_COLLEGE.beid);
    await page.getByLabel('WebServicesKey').fill(CLOSED_COLLEGE.key);
    await test.click();
    await expect(page.getByRole('alert')).toBeFocused();
  });

  test('a refused pasted token or decode check puts focus on the field, or on the error', async ({
    page,
  }) => {
    await page.goto('/sso');
    const field = page.getByRole('textbox', { name: 'Token' });
    await field.fill('not a token');
    await page.getByRole('button', { name: 'Check token' }).click();
    await expect(field).toBeFocused();

    await field.fill(FORGED);
    await page.getByRole('button', { name: 'Check token' }).click();
    await page.getByRole('button', { name: 'Verify with getuser and sign in' }).click();
    await expect(page.getByRole('alert')).toBeFocused();
    await expect(page.getByRole('alert')).toContainText('The server did not accept the token.');

    await page.goto('/decode');
    await page.getByRole('textbox', { name: 'Token' }).fill(FORGED);
    await page.getByRole('button', { name: 'Check with getuser' }).click();
    await expect(page.getByRole('alert')).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the Requests screen’s shortcuts search the catalog, go to the path and save the form, as its list says', async ({
    signedInPage: page,
  }) => {
    await page.goto('/requests');
    await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
    await page.getByText('Keyboard shortcuts').click();
    const list = page.locator('details', { hasText: 'Keyboard shortcuts' }).locator('dl');
    await expect(list.getByRole('term')).toHaveText(['Ctrl+K', 'Ctrl+L', 'Ctrl+S', 'Ctrl+\\', 'Ctrl+Enter']);
    await expect(list.getByRole('definition')).toHaveText([
      'Search the catalog',
      'Go to the path',
      'Save the form (under the name given in Saved)',
      'Open or close the library (Saved and History)',
      'Send (from within the form)',
    ]);

    const search = page.getByLabel('Search the catalog');
    const path = page.getByLabel('Path', { exact: true });
    await page.getByRole('heading', { level: 1, name: 'Requests' }).click();
    await page.keyboard.press('Control+K');
    await expect(search).toBeFocused();
    await page.keyboard.press('Control+L');
    await expect(path).toBeFocused();
    await path.fill('people/lookup');

    // Without a name, the library opens on the name field, which says so; with one, the form is saved.
    const saved = page.getByRole('tabpanel', { name: 'Saved' });
    const name = saved.getByLabel('Name to save the form as');
    await page.keyboard.press('Control+S');
    await expect(name).toBeFocused();
    await expect(name).toHaveAccessibleDescription('Give the request a name.');
    await name.fill('Lookup by keyboard');
    await page.keyboard.press('Control+Backslash');
    await expect(page.getByRole('dialog', { name: 'Library' })).toBeHidden();
    await path.focus();
    await page.keyboard.press('Control+S');
    await openLibrary(page, 'Saved');
    await expect(saved.getByRole('status')).toHaveText('Saved “Lookup by keyboard”.');
    await expect(saved.getByRole('listitem', { name: 'Lookup by keyboard' })).toContainText(
      'GET /api/people/lookup',
    );
  });

  test('a body that is not JSON is flagged while it is typed, once typing pauses, and the flag goes when it is right', async ({
    signedInPage: page,
  }) => {
    await page.clock.install();
    await page.goto('/requests');
    await page.getByLabel('Method').selectOption('POST');
    await page.getByLabel('Path', { exact: true }).fill('people');
    const body = page.getByLabel('JSON body');
    await body.fill('{"FirstName": "Ann",');
    const flag =
      'Not valid JSON at line 1, column 21: expected a property name in double quotes, the text ends too early.';
    await page.clock.runFor(300);
    await expect(body).not.toHaveAccessibleDescription(flag);
    await page.clock.runFor(300);
    await expect(body).toHaveAccessibleDescription(flag);
    await expect(body).toHaveAttribute('aria-invalid', 'true');
    await body.fill('{"FirstName": "Ann"}');
    await expect(body).toHaveAccessibleDescription('Sent as the body, with Content-Type: application/json.');
  });
});
