import { expect, test } from '@playwright/test';

test('the console loads, without console errors, and sends a visitor to sign in', async ({ page }) => {
  // CSP violations and missing files (a favicon 404, say) show up only as console errors.
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));

  await page.goto('/');

  await expect(page).toHaveURL('/sign-in?returnTo=%2F');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('User name')).toBeFocused();
  await expect(page).toHaveTitle('Auth Console');
  expect(consoleErrors).toEqual([]);
});

test('the emulator answers its health check', async ({ request }) => {
  const response = await request.get('/healthz');
  expect(response.ok()).toBe(true);
  expect(await response.json()).toMatchObject({ status: 'ok', service: 'auth-console-emulator' });
});
