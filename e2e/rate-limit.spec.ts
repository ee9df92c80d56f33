import { expect, test } from './fixtures';
import { LIMITED_ORIGIN, LIMITED_RATE } from './servers';

// The second server allows LIMITED_RATE calls per method per minute, so the main one keeps its budget.
test.use({ baseURL: LIMITED_ORIGIN });

test('the call after the limit shows when another try is possible, and sends nothing more', async ({
  page,
  requests,
}, testInfo) => {
  // A fresh caller address and account name for each run (repeats and retries included), so that neither the
  // rate limit nor the account lockout remembers an earlier run against the same server.
  const run = testInfo.repeatEachIndex * 10 + testInfo.retry + 1;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.51.100.${run}` });
  const logins = () => requests.filter((r) => new URL(r.url).pathname === '/TDWebApi/api/auth');
  await page.goto('/sign-in');
  await page.getByLabel('User name').fill(`nobody-${run}@example.edu`);
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

  // Until the window resets the console does not call the method at all.
  expect(logins()).toHaveLength(LIMITED_RATE + 1);
  const sent = page
    .waitForRequest((r) => r.url().endsWith('/TDWebApi/api/auth'), { timeout: 1000 })
    .then(
      () => true,
      () => false,
    );
  await submit.click();
  expect(await sent).toBe(false);
  await expect(alert).toContainText('Too many calls to this method.');
  expect(logins()).toHaveLength(LIMITED_RATE + 1);
});
