import type { Locator } from '@playwright/test';
import { EMULATOR_SANDBOX } from '../src/lib/connection';
import {
  CLOSED_COLLEGE,
  EXAMPLE_UNIVERSITY,
  JDOE,
  expect,
  seriousViolations,
  signInViaApi,
  test,
} from './fixtures';

/** Whether the element shows all its text: nothing cut off with an ellipsis. */
const whole = (locator: Locator) => locator.evaluate((el) => el.scrollWidth <= el.clientWidth);
const box = async (locator: Locator) => (await locator.boundingBox())!;

test('at 360 px the app bar may cut the user name short; the account menu holds it whole, axe clean light and dark', async ({
  signedInPage: page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Identity' })).toBeVisible();

  for (const scheme of ['light', 'dark']) {
    await page.getByRole('button', { name: JDOE.username }).click();
    const menu = page.getByRole('menu', { name: `Account of ${JDOE.username}` });
    const name = menu.getByText(JDOE.username, { exact: true });
    await expect(name).toBeInViewport({ ratio: 1 });
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth), `${scheme}: not cut`).toBe(true);
    await expect(menu).toContainText('Signed in with password');
    expect(await seriousViolations(page), scheme).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    if (scheme === 'light') {
      await page.getByRole('button', { name: 'Switch to dark mode' }).click();
      await expect(page.locator('html')).toHaveClass(/dark/);
    }
  }
});

test('the Raw JSON section shows it opens, and is axe clean open', async ({ signedInPage: page }) => {
  await page.goto('/profile');
  const toggle = page.getByRole('button', { name: 'Raw JSON' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle.getByText('Show')).toBeVisible();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(toggle.getByText('Hide')).toBeVisible();
  await expect(page.getByLabel('The getuser answer as JSON')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('at 360 px the app bar names the connection and its whole Sandbox marking; error details put each label over its value', async ({
  page,
}) => {
  await signInViaApi(page, JDOE, EMULATOR_SANDBOX);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/admin-key');
  const heading = page.getByRole('heading', { level: 1, name: 'Admin key' });
  await expect(heading).toBeVisible();

  const bar = page.getByRole('banner');
  const label = bar.getByText(EMULATOR_SANDBOX.label);
  await expect(label).toBeInViewport({ ratio: 1 });
  expect(await whole(label), 'the connection label is not cut').toBe(true);
  await expect(bar.getByTestId('connection')).toContainText(`Connection: ${EMULATOR_SANDBOX.label}`);
  const chip = bar.getByText('Sandbox', { exact: true });
  await expect(chip).toBeInViewport({ ratio: 1 });
  expect(await whole(chip), 'the Sandbox marking is not cut').toBe(true);
  // The taller bar hides nothing of the screen under it.
  expect((await box(heading)).y).toBeGreaterThanOrEqual((await box(bar)).y + (await box(bar)).height);

  await page.getByLabel('BEID').fill(EXAMPLE_UNIVERSITY.beid);
  await page.getByLabel('WebServicesKey').fill(CLOSED_COLLEGE.key);
  await page.getByRole('button', { name: 'Test credentials' }).click();
  await expect(page.getByRole('alert')).toHaveText('The BEID or WebServicesKey is incorrect.');
  await page.getByRole('button', { name: 'Show details' }).click();
  const names = page.getByRole('term');
  const values = page.getByRole('definition');
  await expect(values.first()).toHaveText('POST auth/loginadmin');
  const list = await box(page.locator('dl'));
  const count = await names.count();
  expect(count).toBeGreaterThanOrEqual(6);
  for (let i = 0; i < count; i++) {
    const [name, value] = [await box(names.nth(i)), await box(values.nth(i))];
    const what = await names.nth(i).textContent();
    expect(value.y, `${what}: its value under it`).toBeGreaterThanOrEqual(name.y + name.height - 1);
    expect(value.width, `${what}: its value as wide as the list`).toBeGreaterThanOrEqual(list.width - 1);
  }
  expect(await seriousViolations(page)).toEqual([]);

  // Where there is room, each label sits beside its value.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(bar.getByTestId('connection')).toContainText(`Connection: ${EMULATOR_SANDBOX.label}`);
  for (let i = 0; i < count; i++) {
    const [name, value] = [await box(names.nth(i)), await box(values.nth(i))];
    expect(value.x).toBeGreaterThan(name.x + name.width);
    expect(Math.abs(value.y - name.y)).toBeLessThan(4);
  }
});

test('the navigation drawer opened at 360 px closes when the window widens, leaving nothing hidden from screen readers', async ({
  signedInPage: page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Identity' })).toBeVisible();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await expect(drawer).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('aria-hidden', 'true');

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(drawer).toHaveCount(0);
  await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  // Narrow again: it stays closed until asked.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
  await expect(drawer).toHaveCount(0);
  await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden');
});

/** The text pieces (between `<wbr>`s) of `locator`'s elements that the page lays out over more than one line. */
function brokenPieces(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const broken: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(node.textContent ?? '');
      }
      return broken;
    }),
  );
}

test('at 360 px claim names and paths wrap at their separators, never mid-word', async ({
  signedInPage: page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/token?tab=claims');
  const names = page.getByRole('table', { name: 'Token claims' }).getByRole('rowheader');
  await expect(names.filter({ hasText: 'tdx_partition' })).toBeVisible();
  expect(await brokenPieces(names)).toEqual([]);

  await page.goto('/requests');
  await page.getByLabel('Search the catalog').fill('assets');
  const paths = page.getByRole('button', { name: /^(GET|POST|PUT|PATCH|DELETE) \/api\// });
  await expect(paths.first()).toBeVisible();
  // Long paths do wrap here: at their slashes.
  expect(await paths.evaluateAll((buttons) => buttons.some((b) => b.getClientRects()[0]!.height > 40))).toBe(
    true,
  );
  expect(await brokenPieces(paths)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
