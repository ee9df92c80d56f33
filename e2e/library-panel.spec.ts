import type { Locator, Page } from '@playwright/test';
import { expect, seriousViolations } from './fixtures';
import { openLibrary } from './helpers/library';
import { answer, choose, test } from './requests-screen';

// Issue 38 item 3: Saved and History in a side panel, as Postman's sidebar: a column beside the form from 1600 px,
// a drawer over the screen narrower; one step from the top of the screen however long the answer.

const libraryButton = (page: Page) => page.getByRole('button', { name: 'Library: Saved and History' });
const searchSaved = (page: Page) => page.getByLabel('Search saved requests');

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not rendered');
  return found;
}

/** Saves the form (people lookup) under `name` from the library, which is left open on Saved. */
async function saveLookup(page: Page, name: string) {
  await choose(page, 'people lookup', 'GET /api/people/lookup');
  const saved = await openLibrary(page, 'Saved');
  await saved.getByLabel('Name to save the form as').fill(name);
  await saved.getByRole('button', { name: 'Save the form' }).click();
  await expect(saved.getByRole('status')).toHaveText(`Saved “${name}”.`);
  return saved;
}

test.describe('at 1280 × 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('after a big answer the saved list is one step away, in view without a scroll; Escape returns', async ({
    requestsScreen: page,
  }) => {
    await saveLookup(page, 'Everyone');
    await page.keyboard.press('Escape');
    await page.getByLabel('Value 1').fill('e');
    await page.getByLabel('Value 2').fill('100');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(answer(page)).toContainText('200 OK');

    await libraryButton(page).click();
    const drawer = page.getByRole('dialog', { name: 'Library' });
    await expect(drawer).toBeVisible();
    await expect(searchSaved(page)).toBeFocused();
    await expect(searchSaved(page)).toBeInViewport({ ratio: 1 });
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(libraryButton(page)).toBeFocused();

    // The shortcut opens it too, and a load fills the form and closes it.
    await page.keyboard.press('Control+Backslash');
    await expect(searchSaved(page)).toBeFocused();
    await drawer.getByRole('listitem', { name: 'Everyone' }).getByRole('button', { name: 'Load' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByLabel('Path', { exact: true })).toHaveValue('people/lookup');
  });
});

test.describe('at 1680 × 1000', () => {
  test.use({ viewport: { width: 1680, height: 1000 } });

  test('a column beside the form, open while you work, closed as last left', async ({
    requestsScreen: page,
  }) => {
    const column = page.getByRole('region', { name: 'Library' });
    await expect(column).toBeVisible();
    await expect(libraryButton(page)).toHaveAttribute('aria-expanded', 'true');
    await saveLookup(page, 'Everyone');
    // Beside the form, not over it, and the form still beside its answer.
    const library = await box(column);
    const form = await box(page.getByRole('region', { name: 'Request' }));
    const answered = await box(answer(page));
    expect(library.x + library.width).toBeLessThanOrEqual(form.x);
    expect(library.y).toBeLessThan(form.y + form.height);
    expect(form.y).toBeLessThan(library.y + library.height);
    expect(answered.x).toBeGreaterThan(form.x + form.width);
    expect(form.width).toBeGreaterThan(360);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Working on: a load fills the form and the column stays.
    await page.getByLabel('Path', { exact: true }).fill('auth/getuser');
    await column.getByRole('listitem', { name: 'Everyone' }).getByRole('button', { name: 'Load' }).click();
    await expect(page.getByLabel('Path', { exact: true })).toHaveValue('people/lookup');
    await expect(column).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await column.getByRole('button', { name: 'Close' }).click();
    await expect(column).toBeHidden();
    await expect(libraryButton(page)).toBeFocused();
    await page.reload();
    await expect(libraryButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(column).toBeHidden();
    await page.getByRole('button', { name: 'Go to History' }).click();
    await expect(column).toBeVisible();
    // Nothing sent yet, so no search: its tab takes focus.
    await expect(column.getByRole('tab', { name: 'History' })).toBeFocused();
  });
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the drawer takes the whole width, and Go to Saved focuses its search', async ({
    requestsScreen: page,
  }) => {
    await saveLookup(page, 'Everyone');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Go to Saved' }).click();
    const drawer = page.getByRole('dialog', { name: 'Library' });
    await expect(searchSaved(page)).toBeFocused();
    // Once slid in.
    await expect
      .poll(async () => {
        const { x, width } = await box(drawer);
        return [Math.round(x), Math.round(width)];
      })
      .toEqual([0, 360]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(libraryButton(page)).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
