import { JDOE, expect, seriousViolations, signInViaApi, test } from './fixtures';

test.describe('decode a token', () => {
  test('signed out, from the sign-in page: decodes, checks with one getuser, stores nothing', async ({
    page,
    requests,
  }) => {
    const { token } = await signInViaApi(page, JDOE);
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Decode a token' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Decode a token' })).toBeVisible();
    await expect(page).toHaveURL('/decode');

    const before = requests.length;
    await page.getByRole('textbox', { name: 'Token' }).fill(token);
    const times = page.getByRole('table', { name: 'Token claims' });
    const [, claims] = token.split('.');
    const { exp } = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as { exp: number };
    const expRow = times.getByRole('row', { name: /^exp/ });
    await expect(expRow).toContainText(String(exp));
    await expect(expRow).toContainText(new Date(exp * 1000).toUTCString());
    await expect(page.getByRole('table', { name: 'Token claims' })).toContainText(JDOE.username);
    expect(requests.length).toBe(before);

    await page.getByRole('button', { name: 'Check with getuser' }).click();
    await expect(page.getByRole('status')).toHaveText(
      `The server accepted the token: getuser answered for ${JDOE.username}.`,
    );
    const checks = requests.slice(before);
    expect(checks.map((r) => new URL(r.url).pathname)).toEqual(['/TDWebApi/api/auth/getuser']);
    expect(checks[0]?.authorization).toBe(`Bearer ${token}`);
    expect(await seriousViolations(page)).toEqual([]);

    const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
    expect(stored).not.toContain(token.split('.')[2]);
    expect(page.url()).not.toContain(token.split('.')[2]);
  });

  test('a refused token shows its answer on request, axe clean', async ({ page }) => {
    await page.goto('/decode');
    const forged = [
      Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url'),
      Buffer.from('{"unique_name":"jdoe@example.edu","exp":4102444800}').toString('base64url'),
      'forged',
    ].join('.');
    await page.getByRole('textbox', { name: 'Token' }).fill(forged);
    await page.getByRole('button', { name: 'Check with getuser' }).click();
    await expect(page.getByRole('alert')).toContainText('The server did not accept the token.');
    await page.getByRole('button', { name: 'Show details' }).click();
    await expect(page.getByRole('definition').first()).toHaveText('GET auth/getuser');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('signed in, from the navigation, without touching the session', async ({ page }) => {
    const { token } = await signInViaApi(page, JDOE);
    await page.goto('/profile');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'JWT decoder' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Decode a token' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the console' }).click();
    await expect(page.getByRole('region', { name: 'Identity' })).toContainText(JDOE.username);
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).toContain(token.split('.')[2]);
  });
});
