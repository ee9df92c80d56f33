import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test('the console loads and sees the emulator', async ({ page }) => {
  // CSP violations and missing files (a favicon 404, say) show up only as console errors.
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));

  await page.goto('/');

  await expect(page.getByRole('heading', { level: 1, name: 'Auth Console' })).toBeVisible();
  await expect(page.getByText('Emulator is up')).toBeVisible();
  await expect(page).toHaveTitle('Auth Console');
  expect(consoleErrors).toEqual([]);
});

test('the start page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Emulator is up')).toBeVisible();

  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length} nodes)`);

  expect(serious).toEqual([]);
});
