import { ASMITH, JDOE, RETIRED, SESSION_STORAGE_KEY, expect, signInWithForm, test } from './fixtures';

const API_AUTH = /\/TDWebApi\/api\/auth(\/login)?$/;

test.describe('password sign-in', () => {
  for (const endpoint of ['/api/auth', '/api/auth/login'] as const) {
    test(`signs in through POST ${endpoint}`, async ({ page, requests }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/sign-in(\?|$)/);

      await page.getByLabel('User name').fill(JDOE.username);
      await page.getByLabel('Password').fill(JDOE.password);
      const radio = page.getByRole('radio', { name: `POST ${endpoint}`, exact: true });
      await radio.check();
      await expect(radio).toBeChecked();
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();

      await expect(page).toHaveURL('/profile');
      await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
      await expect(page.getByRole('button', { name: JDOE.username })).toBeVisible();

      const logins = requests.filter((r) => r.method === 'POST' && API_AUTH.test(r.url));
      expect(logins.map((r) => new URL(r.url).pathname)).toEqual([`/TDWebApi${endpoint}`]);
      expect(logins[0]?.authorization).toBeUndefined();

      // The session sits in this tab's sessionStorage under the key the fixtures seed.
      const stored = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_STORAGE_KEY);
      expect(stored).toContain(`"username":"${JDOE.username}"`);
    });
  }

  test('a wrong password is reported inline and stays on sign-in', async ({ page }) => {
    await page.goto('/sign-in');
    await signInWithForm(page, { username: ASMITH.username, password: 'not-the-password' });

    await expect(page.getByRole('alert')).toHaveText('The user name or password is incorrect.');
    await expect(page).toHaveURL('/sign-in');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  });

  test('an inactive account is told it is inactive', async ({ page }) => {
    await page.goto('/sign-in');
    await signInWithForm(page, RETIRED);

    await expect(page.getByRole('alert')).toContainText('not active');
    await expect(page).toHaveURL('/sign-in');
  });

  test('a locked account is told it is locked, by the real server', async ({ page }) => {
    // Ten failures lock a name, also one that matches no account; a name of its own keeps other tests unlocked.
    const name = `locked-${Date.now()}@example.edu`;
    await page.goto('/sign-in');
    for (let i = 0; i < 10; i++) {
      const answer = await page.request.post('/TDWebApi/api/auth/login', {
        data: { username: name, password: 'wrong' },
      });
      expect(answer.status()).toBe(401);
    }

    await signInWithForm(page, { username: name, password: 'wrong' });

    await expect(page.getByRole('alert')).toHaveText(
      'Too many failed sign-in attempts for this account. Try again in 15 minutes.',
    );
    await expect(page).toHaveURL('/sign-in');
  });

  test('empty fields are named before anything is sent', async ({ page, requests }) => {
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page.getByText('Enter your user name.')).toBeVisible();
    await expect(page.getByText('Enter your password.')).toBeVisible();
    expect(requests.filter((r) => API_AUTH.test(r.url))).toEqual([]);
  });

  test('returns to the page the user was headed for', async ({ page }) => {
    await page.goto('/token');
    await expect(page).toHaveURL('/sign-in?returnTo=%2Ftoken');

    await signInWithForm(page, JDOE);

    await expect(page).toHaveURL('/token');
    await expect(page.getByRole('heading', { level: 1, name: 'Token' })).toBeVisible();
  });

  for (const returnTo of ['//evil.com', '%2F%2Fevil.com', 'https://evil.com/']) {
    test(`ignores the unsafe return path ${returnTo}`, async ({ page }) => {
      await page.goto(`/sign-in?returnTo=${returnTo}`);

      await signInWithForm(page, JDOE);

      await expect(page).toHaveURL('/profile');
      await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    });
  }

  test('works with the keyboard alone', async ({ page }) => {
    await page.goto('/sign-in');
    // The user name field has the focus on arrival.
    await expect(page.getByLabel('User name')).toBeFocused();
    await page.keyboard.type(JDOE.username);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(JDOE.password);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  });

  test('the endpoint choice and the sign-in button are reachable by Tab', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('User name').fill(JDOE.username);
    await page.getByLabel('Password').fill(JDOE.password);
    await page.getByLabel('Password').focus();

    // Tab onto the radio group, move to the second endpoint with the arrow key, then Tab on to the button.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radio', { name: 'POST /api/auth', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'POST /api/auth/login' })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('checkbox')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeFocused();
    const login = page.waitForRequest((r) => r.url().endsWith('/TDWebApi/api/auth/login'));
    await page.keyboard.press('Enter');
    await login;

    await expect(page).toHaveURL('/profile');
  });
});
