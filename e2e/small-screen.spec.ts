import { JDOE, expect, seriousViolations, test } from './fixtures';

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
