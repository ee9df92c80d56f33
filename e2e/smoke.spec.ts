import { JDOE, expect, signInWithForm, test } from './fixtures';

// `npm run test:lts` runs this file alone on the newest Node.js LTS line: keep it short, and keep a sign-in in it.

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

test('a password signs in, and the profile shows the record the server read from its database', async ({
  page,
}) => {
  await page.goto('/');
  await signInWithForm(page, JDOE);

  await expect(page).toHaveURL('/profile');
  const identity = page.getByRole('region', { name: 'Identity' });
  await expect(identity).toContainText('Jane Doe');
  await expect(identity).toContainText(JDOE.username);
  await expect(identity).toContainText('c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8');
});
