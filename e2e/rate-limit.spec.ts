import { callFromOwnAddress, expect, seriousViolations, test } from './fixtures';
import { LIMITED_ORIGIN, LIMITED_RATE } from './servers';

// The second server allows LIMITED_RATE calls per method per minute, so the main one keeps its budget.
test.use({ baseURL: LIMITED_ORIGIN });

test('the call after the limit counts down to the next try on a disabled button, per endpoint, and sends nothing more', async ({
  page,
  requests,
}, testInfo) => {
  // A fresh caller address and account name for each run (repeats and retries included), so that neither the
  // rate limit nor the account lockout remembers an earlier run against the same server.
  const caller = await callFromOwnAddress(page, testInfo, 1);
  const logins = () => requests.filter((r) => new URL(r.url).pathname === '/TDWebApi/api/auth');
  await page.clock.install();
  await page.goto('/sign-in');
  await page.getByLabel('User name').fill(`nobody-${caller}@example.edu`);
  await page.getByLabel('Password').fill('not-the-password');
  const submit = page.getByRole('button', { name: 'Sign in', exact: true });
  const alert = page.getByRole('alert');

  for (let attempt = 1; attempt <= LIMITED_RATE; attempt++) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/TDWebApi/api/auth'));
    await submit.click();
    expect((await answer).status()).toBe(401);
    await expect(alert).toHaveText('The user name or password is incorrect.');
  }
  await expect(page.getByText(`POST auth: 0 of ${LIMITED_RATE} left`)).toBeVisible();

  const answer = page.waitForResponse((r) => r.url().endsWith('/TDWebApi/api/auth'));
  await submit.click();
  const limited = await answer;
  expect(limited.status()).toBe(429);
  const retryAfter = Number(await limited.headerValue('Retry-After'));
  expect(retryAfter).toBeGreaterThan(0);

  await expect(alert).toHaveText(
    /^Too many calls to this method\. Try again in (\d+) seconds \(at \d{1,2}:\d\d:\d\d( [AP]M)?\)\.$/,
  );
  const shown = Number(/in (\d+) seconds/.exec((await alert.textContent()) ?? '')?.[1]);
  expect(Math.abs(shown - retryAfter)).toBeLessThanOrEqual(1);
  await expect(page).toHaveURL('/sign-in');

  // The answer behind the sentence, as a script would see it.
  await page.getByRole('button', { name: 'Show details' }).click();
  const detail = (term: string) =>
    page.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd[1]');
  await expect(detail('HTTP status')).toHaveText('429');
  await expect(detail('Error code')).toHaveText('rate_limited');
  await expect(detail('X-RateLimit-Remaining')).toHaveText('0');
  await expect(detail('Retry-After')).toHaveText(String(retryAfter));
  expect(await seriousViolations(page)).toEqual([]);

  // The button says the same countdown and cannot send; the clock moves the countdown, nothing else does.
  const waiting = page.getByRole('button', { name: /^Sign in \(wait \d+ s\)$/ });
  await expect(waiting).toBeDisabled();
  // From here the page's time moves only when the test moves it.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
  const paused = Number(/in (\d+) seconds/.exec((await alert.textContent()) ?? '')?.[1]);
  await page.clock.runFor(10_000);
  const later = Number(/in (\d+) seconds/.exec((await alert.textContent()) ?? '')?.[1]);
  expect(later).toBe(paused - 10);
  await expect(waiting).toHaveAccessibleName(`Sign in (wait ${later} s)`);

  // /api/auth/login has its own counter: choosing it frees the button at once; choosing back blocks it again.
  await page.getByRole('radio', { name: 'POST /api/auth/login' }).check();
  await expect(alert).toHaveCount(0);
  await expect(submit).toBeEnabled();
  await page.getByRole('radio', { name: 'POST /api/auth', exact: true }).check();
  await expect(waiting).toBeDisabled();
  await expect(alert).toContainText('Too many calls to this method.');

  // Until the window resets the console does not call the method at all; then the countdown clears itself.
  expect(logins()).toHaveLength(LIMITED_RATE + 1);
  await page.clock.runFor((later + 1) * 1000);
  await expect(alert).toHaveCount(0);
  await expect(submit).toBeEnabled();
  expect(logins()).toHaveLength(LIMITED_RATE + 1);
});
