import {
  JDOE,
  expect,
  expiresOnPage,
  seriousViolations,
  signInUnderClock,
  signInViaApi,
  test,
} from './fixtures';

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

  test('signed in, a pasted token the server refuses is spoken of as that token, and the session goes on', async ({
    signedInPage: page,
    requests,
  }) => {
    await page.goto('/decode');
    await expect(page.getByRole('heading', { level: 1, name: 'Decode a token' })).toBeVisible();
    const old = [
      Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url'),
      Buffer.from('{"unique_name":"jdoe@example.edu","exp":1700000000}').toString('base64url'),
      'old-signature',
    ].join('.');
    await page.getByRole('textbox', { name: 'Token' }).fill(old);
    const before = requests.length;
    await page.getByRole('button', { name: 'Check with getuser' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The server did not accept the token.');
    await expect(alert).not.toContainText(/session/i);
    // One getuser with the pasted token; none with the session's (no probe), and no sign-out.
    const checks = requests.slice(before).filter((r) => r.url.endsWith('/api/auth/getuser'));
    expect(checks.map((r) => r.authorization)).toEqual([`Bearer ${old}`]);
    await expect(page).toHaveURL('/decode');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('region', { name: 'Identity' })).toContainText(JDOE.username);
  });

  test('signed in, from the navigation: inside the app shell, its verdict the countdown’s figure, the session untouched', async ({
    page,
  }) => {
    const session = await signInUnderClock(page, JDOE);
    await page.goto('/profile');
    await expect(page.getByRole('region', { name: 'Identity' })).toContainText(JDOE.username);
    // Both read the one clock, held still here so that the two figures can be compared.
    await page.clock.pauseAt(expiresOnPage(session) - 3_600_000);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'JWT decoder' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Decode a token' })).toBeVisible();
    await expect(page).toHaveURL('/decode');

    // The shell stays: navigation, countdown, sign-out.
    const countdown = page.getByRole('timer', { name: /^Session time left/ });
    await expect(countdown).toHaveText('01:00:00');
    await expect(nav.getByRole('link', { name: 'JWT decoder' })).toHaveClass(/active/);
    await expect(nav.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('button', { name: JDOE.username })).toBeVisible();

    await page.getByRole('textbox', { name: 'Token' }).fill(session.token);
    await expect(page.getByText(/^Not expired:/)).toHaveText('Not expired: 01:00:00 left.');
    // axe waits on timers of its own.
    await page.clock.resume();
    expect(await seriousViolations(page)).toEqual([]);

    await nav.getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('region', { name: 'Identity' })).toContainText(JDOE.username);
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).toContain(
      session.token.split('.')[2],
    );
  });

  test('signed out: time left on a valid token, then "expired" once its exp has passed', async ({ page }) => {
    const session = await signInUnderClock(page, JDOE);
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/decode');
    await expect(page.getByRole('heading', { level: 1, name: 'Decode a token' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

    // Signed out, the decoder reads the browser's clock as it is: no session has measured the server's.
    await page.clock.pauseAt(session.expiresAt - 90_000);
    await page.getByRole('textbox', { name: 'Token' }).fill(session.token);
    const verdict = page.getByRole('timer');
    await expect(verdict).toHaveText('Not expired: 00:01:30 left.');
    await page.clock.runFor(60_000);
    await expect(verdict).toHaveText('Not expired: 00:00:30 left.');
    await page.clock.runFor(30_000);
    await expect(verdict).toHaveText('Expired: the server refuses a token after its exp.');
    // axe waits on timers of its own.
    await page.clock.resume();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
