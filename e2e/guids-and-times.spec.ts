import type { Locator, Page } from '@playwright/test';
import { makeJwt } from '../src/testing/tokens';
import { JDOE, expect, signInViaApi, test } from './fixtures';

// Local times are this zone's, whatever the machine's; the expected texts below are written out by hand.
test.use({ timezoneId: 'Asia/Tokyo', locale: 'en-US' });

const UID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The value of a description-list field, by its term. */
const field = (region: Locator, label: string) =>
  region.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/** How many lines an inline element's text takes: one client rect per line box. */
const lineCount = (element: Locator) => element.evaluate((node) => node.getClientRects().length);

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe('at 360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the profile’s UID and BEID stay whole on one line, and each copy button copies its GUID', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInViaApi(page, JDOE);
    await page.goto('/profile');
    const identity = page.getByRole('region', { name: 'Identity' });
    await expect(identity).toContainText(JDOE.username);

    for (const label of ['UID', 'BEID']) {
      const guid = field(identity, label).locator('code');
      await expect(guid).toHaveText(UID);
      expect(await lineCount(guid), `${label} on one line`).toBe(1);
      const box = await guid.boundingBox();
      const within = await field(identity, label).boundingBox();
      expect(
        box && within && box.x >= within.x && box.x + box.width <= within.x + within.width,
        `${label} inside its field`,
      ).toBe(true);

      const copy = field(identity, label).getByRole('button', { name: `Copy ${label}` });
      await copy.click();
      await expect(copy).toHaveText('Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await guid.textContent());
    }
    expect(await noSidewaysScroll(page)).toBe(true);
  });

  test('the token page shows each time claim in local time and UTC beside the number, without scrolling sideways', async ({
    page,
  }) => {
    await signInViaApi(page, JDOE);
    await page.goto('/token');
    const claims = page.getByRole('table', { name: 'Token claims' });
    for (const name of ['exp', 'nbf']) {
      const value = claims.getByRole('row', { name: new RegExp(`^${name}`) }).getByRole('cell');
      await expect(value).toHaveText(
        /^\d{10}\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d\d:\d\d [AP]M local time\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT$/,
      );
    }
    expect(await noSidewaysScroll(page)).toBe(true);
  });
});

test('the decode screen shows the times the same way, in the browser’s own time zone', async ({ page }) => {
  const issued = Date.parse('2026-03-02T12:00:00Z') / 1000;
  const token = makeJwt({ unique_name: 'jdoe@example.edu', nbf: issued, iat: issued, exp: issued + 86_400 });
  await page.goto('/decode');
  await page.getByRole('textbox', { name: 'Token' }).fill(token);
  const claims = page.getByRole('table', { name: 'Token claims' });
  const cell = (name: string) => claims.getByRole('row', { name: new RegExp(`^${name}`) }).getByRole('cell');
  await expect(cell('exp')).toHaveText(
    '17725392003/3/2026, 9:00:00 PM local timeTue, 03 Mar 2026 12:00:00 GMT',
  );
  await expect(cell('nbf')).toHaveText(
    '17724528003/2/2026, 9:00:00 PM local timeMon, 02 Mar 2026 12:00:00 GMT',
  );
  await expect(cell('iat')).toHaveText(
    '17724528003/2/2026, 9:00:00 PM local timeMon, 02 Mar 2026 12:00:00 GMT',
  );
});
