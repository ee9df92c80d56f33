import { JDOE, expect, signInWithForm, test } from './fixtures';

const MINUTE = 60_000;

const secondsOf = (text: string | null) => {
  const [h, m, s] = (text ?? '').split(':').map(Number);
  return (h ?? NaN) * 3600 + (m ?? NaN) * 60 + (s ?? NaN);
};

for (const skewMinutes of [10, -10]) {
  test(`with the browser's clock ${Math.abs(skewMinutes)} minutes ${skewMinutes > 0 ? 'ahead of' : 'behind'} the server, the countdown and the end follow the real expiry`, async ({
    page,
  }) => {
    const skew = skewMinutes * MINUTE;
    await page.clock.install({ time: Date.now() + skew });
    await page.goto('/sign-in');
    const login = page.waitForResponse((r) => r.url().endsWith('/TDWebApi/api/auth'));
    await signInWithForm(page, JDOE);
    const token = (await (await login).text()).trim();
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      exp: number;
    };
    const expiresAt = claims.exp * 1000;
    await expect(page.getByRole('region', { name: 'Identity' })).toContainText(JDOE.username);
    await page.getByRole('link', { name: 'Token' }).click();
    const timer = page.getByRole('timer');
    await expect(timer).toHaveText(/^\d\d:\d\d:\d\d$/);

    // The token's real time left, by the server's own clock (its Date header, whole seconds).
    const shown = secondsOf(await timer.textContent());
    const serverNow = Date.parse((await page.request.get('/healthz')).headers().date ?? '');
    expect(Math.abs(shown - (expiresAt - serverNow) / 1000)).toBeLessThanOrEqual(2);

    // On this page's clock the real expiry is `skew` away from the server's: the session lasts until then.
    await page.clock.pauseAt(expiresAt + skew - 3000);
    await expect(timer).toHaveText(/^00:00:0[2-4]$/);
    await expect(page).toHaveURL('/token');
    await page.clock.runFor(5000);
    await expect(page).toHaveURL('/sign-in?returnTo=%2Ftoken');
  });
}
