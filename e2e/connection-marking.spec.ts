import { JDOE, expect, seriousViolations, test } from './fixtures';

// Issue: once signed in, nothing but the Token page said which connection the session was on. Issue 38 item 11:
// the emulator is nobody's production, and is marked as what it is (e2e/write-safety.spec.ts marks production).
test('a session on this server’s emulator names its connection in the app bar, marked Emulator', async ({
  signedInPage: page,
}) => {
  await page.goto('/profile');
  const bar = page.getByRole('banner');
  await expect(bar).toContainText('Connection: This server (emulator)');
  await expect(bar.getByText('Emulator', { exact: true })).toBeVisible();
  await expect(bar.getByText('Sandbox', { exact: true })).toHaveCount(0);
  await expect(bar.getByText('Production', { exact: true })).toHaveCount(0);
});

// Issue: "Calls go to This server (emulator)." A label is named after a colon, where any label reads well.
test('the screens that say where calls go name the connection in a sentence that reads well with any label', async ({
  signedInPage: page,
}) => {
  for (const [path, title] of [
    ['/admin-key', 'Admin key'],
    ['/requests', 'Requests'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(
      'Calls go to the session’s connection: This server (emulator).',
    );
  }
});

test('a sandbox session is marked as such on every screen, light and dark, and at 360 px', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await page.getByLabel('Connection').selectOption({ label: 'This server (emulator, sandbox)' });
  await page.getByLabel('User name').fill(JDOE.username);
  await page.getByLabel('Password').fill(JDOE.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/profile');

  const bar = page.getByRole('banner');
  for (const screen of ['Profile', 'Token']) {
    await page.getByRole('link', { name: screen, exact: true }).first().click();
    await expect(bar.getByText('Sandbox', { exact: true })).toBeVisible();
    await expect(bar).toContainText('Connection: This server (emulator, sandbox)');
  }
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(bar.getByText('Sandbox', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
