import type { Locator, Page } from '@playwright/test';
import { expect, seriousViolations } from './fixtures';
import { answer, choose, test } from './requests-screen';
import { CONTROL_TOKEN } from './servers';
import { closeLibrary, openLibrary } from './helpers/library';

// Issue 38 items 5-7: the answer beside the form from 1200 px, under it with links between them below that; the
// answer names its request; a slow request is cancelled.

const form = (page: Page) => page.getByRole('region', { name: 'Request' });
const status = (page: Page) => answer(page).getByText(/^\d{3} [A-Z]/);

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not rendered');
  return found;
}

/** Wholly in the window, below the fixed app bar: seen without a scroll. */
async function expectInWindow(page: Page, locator: Locator) {
  const { y, height } = await box(locator);
  const bar = await box(page.locator('header').first());
  expect(y, 'top below the app bar').toBeGreaterThanOrEqual(bar.y + bar.height);
  expect(y + height, 'bottom inside the window').toBeLessThanOrEqual(page.viewportSize()!.height);
}

/** A people lookup for `text`, filled from the catalog. */
async function lookUp(page: Page, text: string) {
  await choose(page, 'people lookup', 'GET /api/people/lookup');
  await page.getByLabel('Value 1').fill(text);
  await page.getByLabel('Value 2').fill('5');
}

test.describe('at 1280 × 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('form and answer side by side over the width; a repeated send shows its status without a scroll', async ({
    requestsScreen: page,
  }) => {
    test.slow();
    await lookUp(page, 'doe');
    const send = page.getByRole('button', { name: 'Send', exact: true });
    await send.scrollIntoViewIfNeeded();
    const before = await box(send);
    await send.click();
    await expect(status(page)).toHaveText(/^200 OK/);
    // The first send leaves the form where it was, and its status is in view beside it.
    expect((await box(send)).y).toBe(before.y);
    await expectInWindow(page, status(page));

    // Side by side, each about half of what the catalog leaves, reaching the screen's right edge.
    const request = await box(form(page));
    const answered = await box(answer(page));
    const main = await box(page.locator('main'));
    expect(answered.x).toBeGreaterThan(request.x + request.width);
    expect(Math.abs(answered.width - request.width)).toBeLessThan(2);
    expect(main.x + main.width - (answered.x + answered.width)).toBeLessThanOrEqual(24 + 1);
    await expect(page.getByRole('button', { name: 'Go to answer' })).toBeHidden();

    // A changed query sent again from the foot of the form: its status is in view, named as its request's.
    await page.getByLabel('Value 1').fill('smith');
    await send.click();
    await expect(answer(page)).toContainText(
      'Answer to GET /api/people/lookup?searchText=smith&maxResults=5',
    );
    await expect(status(page)).toHaveText(/^200 OK/);
    await expectInWindow(page, status(page));
    await expectInWindow(page, send);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the answer names its method, path, connection and time; a new operation marks it as the earlier one’s', async ({
    requestsScreen: page,
  }) => {
    await lookUp(page, 'doe');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(status(page)).toHaveText(/^200 OK/);
    await expect(answer(page)).toContainText('Answer to GET /api/people/lookup?searchText=doe&maxResults=5');
    await expect(answer(page)).toContainText(/On This server \(emulator\), sent at \d{1,2}:\d{2}:\d{2}/);
    const earlier = answer(page).getByText(/for the earlier request named here, not for the form/);
    await expect(earlier).toHaveCount(0);

    // Another operation chosen: the answer stays, said to be the earlier request's.
    await choose(page, 'people/{uid}', 'GET /api/people/{uid}');
    await expect(earlier).toBeVisible();
    await expect(status(page)).toHaveText(/^200 OK/);
    // The same request in the form again: the answer is the form's once more.
    await lookUp(page, 'doe');
    await expect(earlier).toHaveCount(0);
    // A value changed: earlier again.
    await page.getByLabel('Value 1').fill('do');
    await expect(earlier).toBeVisible();
  });

  test('a slow request is cancelled: the answer says so, nothing is recorded as a failure, the next send answers', async ({
    requestsScreen: page,
    request,
  }) => {
    // The emulator holds the next lookup for two minutes (no test waits that long: it is cancelled at once). Not
    // GET people/{uid}: requests.spec.ts counts that method's calls left.
    const fault = await request.post('/_emulator/faults', {
      headers: { Authorization: `Bearer ${CONTROL_TOKEN}` },
      data: { method: 'GET', path: '/api/people/lookup', delayMs: 120_000 },
    });
    expect(fault.status()).toBe(201);

    await lookUp(page, 'slow');
    const sent = 'GET /api/people/lookup?searchText=slow&maxResults=5';
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    await expect(answer(page)).toContainText(`Sending ${sent}`);
    const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
    await cancel.focus();
    await page.keyboard.press('Enter');

    await expect(answer(page)).toContainText(`Cancelled ${sent}`);
    await expect(answer(page)).toContainText('the console stopped waiting for its answer');
    await expect(cancel).toHaveCount(0);
    await expect(answer(page).getByRole('button', { name: 'Show details' })).toHaveCount(0);
    await expect(await openLibrary(page, 'History')).toContainText(
      'Nothing sent yet from this browser for this organization.',
    );
    await closeLibrary(page);
    expect(await seriousViolations(page)).toEqual([]);

    // The fault is used up: the same call now answers at once.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(status(page)).toHaveText(/^200 OK/);
    await expect(answer(page)).toContainText(`Answer to ${sent}`);
  });
});

test.describe('at 360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the answer under the form, with keyboard links between them', async ({ requestsScreen: page }) => {
    test.slow();
    await lookUp(page, 'doe');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(status(page)).toHaveText(/^200 OK/);
    const request = await box(form(page));
    expect((await box(answer(page))).y).toBeGreaterThan(request.y + request.height);
    // The send brought the answer into view.
    await expectInWindow(page, status(page));

    const formHeading = page.getByRole('heading', { level: 2, name: 'Request' });
    const answerHeading = page.getByRole('heading', { level: 2, name: 'Answer' });
    await page.getByRole('button', { name: 'Back to form' }).focus();
    await page.keyboard.press('Enter');
    await expect(formHeading).toBeFocused();
    await expectInWindow(page, formHeading);
    await page.getByRole('button', { name: 'Go to answer' }).focus();
    await page.keyboard.press('Enter');
    await expect(answerHeading).toBeFocused();
    await expectInWindow(page, answerHeading);
    await expectInWindow(page, status(page));

    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
