import {
  EXAMPLE_UNIVERSITY,
  JDOE,
  expect,
  expiresOnPage,
  requireSession,
  seriousViolations,
  signInUnderClock,
  signInWithKey,
  storedSession,
  test,
} from './fixtures';

const MINUTE = 60_000;

test('warns five minutes before expiry, then signs out at expiry without using the token again', async ({
  page,
  requests,
}) => {
  // The page's clock is Playwright's from the first navigation on; it starts at the real time, like the server's.
  const session = await signInUnderClock(page, JDOE);
  const { token } = session;
  const expiresAt = expiresOnPage(session);
  const bearer = `Bearer ${token}`;

  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Identity' })).toContainText(JDOE.username);
  await page.getByRole('link', { name: 'Token' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Token' })).toBeVisible();
  // The profile's getuser carried the token: the recording below does see Authorization headers.
  expect(requests.some((r) => r.authorization === bearer)).toBe(true);

  const timer = page.getByRole('timer');
  const notice = page.getByText('Your session ends in');

  await page.clock.pauseAt(expiresAt - 5 * MINUTE - 2000);
  await expect(timer).toHaveText('00:05:02');
  await expect(timer).toHaveAttribute('data-warning', 'false');
  await expect(notice).toHaveCount(0);

  // 23:55:00 after sign-in: five minutes left.
  await page.clock.runFor(2000);
  await expect(timer).toHaveText('00:05:00');
  await expect(timer).toHaveAttribute('data-warning', 'true');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Your session ends in 00:05:00');
  await expect(page.getByRole('button', { name: 'Sign in again' })).toBeVisible();

  await page.clock.pauseAt(expiresAt - 2000);
  await expect(timer).toHaveText('00:00:02');
  await expect(page).toHaveURL('/token');

  // From here on, not one request may carry the token.
  const fromExpiry = requests.length;
  // 24:00:00: within a second of clock time the console is on sign-in, coming back to the token page after.
  await page.clock.runFor(2000);
  await page.clock.runFor(1000);
  await expect(page).toHaveURL('/sign-in?returnTo=%2Ftoken');
  await expect(page.getByText('Your session expired. Sign in again to continue.')).toBeVisible();
  // The user name is filled in: focus is on the password, what is left to type.
  await expect(page.getByLabel('User name')).toHaveValue(JDOE.username);
  await expect(page.getByLabel('Password')).toBeFocused();

  // The console does not resurrect the session on a fresh load either. (The clock runs again: React's Suspense
  // waits on timers while the lazily loaded frame arrives.)
  await page.clock.resume();
  await page.goto('/profile');
  await expect(page).toHaveURL('/sign-in?returnTo=%2Fprofile');
  expect(await storedSession(page)).toBeNull();

  const withToken = requests.slice(fromExpiry).filter((r) => r.authorization?.includes(token));
  expect(withToken).toEqual([]);
});

test('"Sign in again" in the five-minute warning keeps the session until the new sign-in, then returns with a fresh token', async ({
  page,
}) => {
  const session = await signInUnderClock(page, JDOE);
  const { token } = session;
  await page.goto('/token?tab=claims');
  const heading = page.getByRole('heading', { level: 1, name: 'Token' });
  await expect(heading).toBeVisible();

  await page.clock.pauseAt(expiresOnPage(session) - 4 * MINUTE);
  await expect(page.getByText('Your session ends in')).toBeVisible();
  await page.clock.resume();
  await page.getByRole('button', { name: 'Sign in again' }).click();

  await expect(page).toHaveURL(`/sign-in?returnTo=${encodeURIComponent('/token?tab=claims')}&again=1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in again' })).toBeVisible();
  await expect(page.getByLabel('User name')).toHaveValue(JDOE.username);
  // A navigation the person asked for: focus on the new screen's heading, as on every screen.
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in again' })).toBeFocused();
  expect((await storedSession(page))?.token).toBe(token);
  expect(await seriousViolations(page)).toEqual([]);

  // While the form is open the old session still works: back on the token page, its countdown still runs.
  await page.goBack();
  await expect(heading).toBeVisible();
  const timer = page.getByRole('timer');
  await expect(timer).toHaveText(/^00:0[34]:\d\d$/);
  await page.goForward();
  await expect(page.getByLabel('User name')).toHaveValue(JDOE.username);

  await page.getByLabel('Password').fill(JDOE.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL('/token?tab=claims');
  await expect(heading).toBeVisible();
  const fresh = await storedSession(page);
  expect(fresh?.token).toBeTruthy();
  expect(fresh?.token).not.toBe(token);
  await expect(timer).toHaveText(/^2[34]:\d\d:\d\d$/);
  await expect(page.getByText('Your session ends in')).toHaveCount(0);
});

test('an admin-key session that expires is sent to the admin-key form with its BEID, not to the password form', async ({
  page,
}) => {
  await page.clock.install();
  await signInWithKey(page);
  await page.getByRole('link', { name: 'Token' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Token' })).toBeVisible();
  const session = await requireSession(page);

  await page.clock.pauseAt(expiresOnPage(session) - 2000);
  await page.clock.runFor(3000);

  await expect(page).toHaveURL('/admin-key?returnTo=%2Ftoken');
  await expect(page.getByText('Your session expired. Sign in again to continue.')).toBeVisible();
  await expect(page.getByLabel('BEID')).toHaveValue(EXAMPLE_UNIVERSITY.beid);
  await expect(page.getByLabel('WebServicesKey')).toHaveValue('');
  // The BEID is filled in: focus is on the key, what is left to type.
  await expect(page.getByLabel('WebServicesKey')).toBeFocused();
  expect(await storedSession(page)).toBeNull();
});
