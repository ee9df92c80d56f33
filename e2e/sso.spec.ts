import type { Page } from '@playwright/test';
import {
  JDOE,
  test as base,
  expect,
  seriousViolations,
  storedSession,
  storedText,
  type RecordedRequest,
} from './fixtures';
import { MAIN_ORIGIN } from './servers';

/** The embedded provider's demo identities (server/idp/identities.ts) share one password. */
const IDP_PASSWORD = 'Sso-demo-2026';
const LOGINSSO = '/TDWebApi/api/auth/loginsso';
const CALLBACK = `${LOGINSSO}/callback`;
const GETUSER = '/TDWebApi/api/auth/getuser';
const PROVIDER_HEADING = "Sign in to the emulator's identity provider";
const PROVIDER_SIGN_OUT_HEADING = "Sign out of the emulator's identity provider?";

/** Everything the browser is asked to load, by any page of the test's context, and every URL a frame shows. */
interface Visits {
  requests: RecordedRequest[];
  /** Request URLs, their Referer headers, and the URL of every frame navigation, in order. */
  urls: string[];
}

const test = base.extend<{ visits: Visits }>({
  visits: async ({ context, page }, use) => {
    const visits: Visits = { requests: [], urls: [] };
    const watch = (watched: Page) => {
      watched.on('framenavigated', (frame) => visits.urls.push(frame.url()));
    };
    watch(page);
    context.on('page', watch);
    context.on('request', (request) => {
      const headers = request.headers();
      visits.requests.push({
        url: request.url(),
        method: request.method(),
        authorization: headers.authorization,
      });
      visits.urls.push(request.url());
      if (headers.referer) visits.urls.push(headers.referer);
    });
    await use(visits);
  },
});

const pathOf = (url: string) => new URL(url).pathname;

/** Signs in on the provider's page the tab is showing. */
async function signInAtProvider(page: Page, identity = 'jane') {
  await expect(page).toHaveURL(/\/idp\/interaction\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: PROVIDER_HEADING })).toBeVisible();
  await page.getByLabel('User name').fill(identity);
  await page.getByLabel('Password').fill(IDP_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** From the console's sign-in page (at `path`) through the provider as `identity`. */
async function ssoFromSignIn(page: Page, identity = 'jane', path = '/sign-in') {
  await page.goto(path);
  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  await signInAtProvider(page, identity);
}

/**
 * The console's sign-out of an SSO session: the token goes, the service ends the SSO session, and the provider
 * asks whether to end its own, which the user confirms; back on the sign-in screen, which says so.
 */
async function signOutOfSso(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: PROVIDER_SIGN_OUT_HEADING })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL('/sign-in');
  await expect(page.getByText('You are signed out. Single sign-on was ended too.')).toBeVisible();
  expect(await storedSession(page)).toBeNull();
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('TDWebApiSso');
}

/** The URL the tab shows now, from the page itself. */
const href = (page: Page) => page.evaluate(() => location.href);

/** The token is in no URL the browser loaded or showed, no Referer, and not in localStorage or cookies. */
async function expectTokenNowhere(page: Page, visits: Visits, token: string) {
  expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  const signature = token.split('.')[2]!;
  expect(visits.urls.length).toBeGreaterThan(0);
  expect(visits.urls.filter((url) => url.includes(token) || url.includes(signature))).toEqual([]);
  expect(await href(page)).not.toContain(signature);
  const { local, cookies } = await storedText(page);
  expect(local).not.toContain(signature);
  expect(cookies).not.toContain(signature);
}

test.describe('single sign-on through the embedded provider', () => {
  test('signs in as jdoe from the sign-in page; signing out ends SSO, so the next SSO sign-in asks again', async ({
    page,
    visits,
  }) => {
    await ssoFromSignIn(page);

    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('region', { name: 'Identity' })).toContainText(JDOE.username);
    await expect(page.getByRole('button', { name: JDOE.username })).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText(/^(23:59|24:00):\d\d$/);
    const session = await storedSession(page);
    expect(session).toMatchObject({ username: JDOE.username, method: 'sso' });
    const token = session!.token;
    expect(await href(page)).toBe(`${MAIN_ORIGIN}/profile`);

    // The token came from loginsso itself, read with the SSO cookie, and went nowhere but the Authorization header.
    const reads = visits.requests.filter((r) => pathOf(r.url) === LOGINSSO && !r.url.includes('?'));
    expect(reads).toHaveLength(1);
    expect(visits.requests.filter((r) => pathOf(r.url) === GETUSER).map((r) => r.authorization)).toEqual([
      `Bearer ${token}`,
    ]);
    await expectTokenNowhere(page, visits, token);

    // The callback's history entry was replaced: back goes to the provider's page, never to /sso/callback.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/sso\/callback/);
    expect(await href(page)).not.toContain('/sso/callback');
    await page.goForward();
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('button', { name: JDOE.username })).toBeVisible();

    // Signed out of the console, single sign-on ends too: SSO in this browser asks the provider again.
    await signOutOfSso(page);
    await page.getByRole('button', { name: 'Sign in with SSO' }).click();
    await signInAtProvider(page);

    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('region', { name: 'Identity' })).toContainText(JDOE.username);
    const second = await storedSession(page);
    expect(second?.method).toBe('sso');
    await expectTokenNowhere(page, visits, token);
    await expectTokenNowhere(page, visits, second!.token);
  });

  test('after the console signs out, loginsso in this browser asks the provider for a sign-in again', async ({
    page,
  }) => {
    await ssoFromSignIn(page);
    await expect(page).toHaveURL('/profile');
    await signOutOfSso(page);
    await page.goto(LOGINSSO);
    await expect(page.getByRole('heading', { level: 1, name: PROVIDER_HEADING })).toBeVisible();
    await expect(page).toHaveURL(/\/idp\/interaction\//);
  });

  test('honours where the visitor was headed, and names the method on the token page', async ({
    page,
    visits,
  }) => {
    await page.goto('/token');
    await expect(page).toHaveURL('/sign-in?returnTo=%2Ftoken');
    await ssoFromSignIn(page, 'jane', '/sign-in?returnTo=/token');

    await expect(page).toHaveURL('/token');
    const lifetime = page.getByRole('region', { name: 'Lifetime' });
    await expect(lifetime.getByText('Single sign-on', { exact: true })).toBeVisible();
    await expect(page.getByRole('timer')).toBeVisible();
    await expectTokenNowhere(page, visits, (await storedSession(page))!.token);
  });

  test('cancel at the provider lands on the SSO screen with the message, and the retry works', async ({
    page,
    visits,
  }) => {
    await page.goto('/sign-in?returnTo=/token');
    await page.getByRole('button', { name: 'Sign in with SSO' }).click();
    await expect(page.getByRole('heading', { level: 1, name: PROVIDER_HEADING })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await expect(page).toHaveURL('/sso?error=access_denied');
    await expect(page.getByRole('alert')).toHaveText(
      'Single sign-on was cancelled at the identity provider.',
    );
    expect(await storedSession(page)).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Try single sign-on again' }).click();
    await signInAtProvider(page);

    // Still headed where the first attempt was going.
    await expect(page).toHaveURL('/token');
    await expect(page.getByRole('region', { name: 'Lifetime' })).toContainText('Single sign-on');
    await expectTokenNowhere(page, visits, (await storedSession(page))!.token);
  });

  test('nobody at the provider is told which claim and value matched no one, and can sign in as someone else', async ({
    page,
    visits,
  }) => {
    await ssoFromSignIn(page, 'nobody');

    await expect(page).toHaveURL('/sso?error=unknown_user&claim=email&value=nobody%40example.org');
    await expect(page.getByRole('alert')).toHaveText(
      'The identity provider signed you in, but no user of this organization matches that identity. It tried email = nobody@example.org.',
    );
    expect(await storedSession(page)).toBeNull();
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('TDWebApiSso');
    expect(visits.requests.filter((r) => pathOf(r.url) === GETUSER)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // The provider still has nobody's session: only prompt=login makes it ask again instead of reusing it.
    await page.getByRole('button', { name: 'Sign in as someone else' }).click();
    expect(visits.urls.some((url) => url.includes('/idp/auth?') && url.includes('prompt=login'))).toBe(true);
    await signInAtProvider(page, 'jane');
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('region', { name: 'Identity' })).toContainText(JDOE.username);
  });

  for (const [identity, code, message] of [
    ['robin', 'inactive_user', 'Your account is not active.'],
  ] as const) {
    test(`${identity} at the provider is told clearly why there is no session`, async ({ page, visits }) => {
      await ssoFromSignIn(page, identity);

      await expect(page).toHaveURL(`/sso?error=${code}`);
      await expect(page.getByRole('alert')).toHaveText(message);
      await expect(page.getByRole('button', { name: 'Try single sign-on again' })).toBeVisible();
      expect(await storedSession(page)).toBeNull();
      expect((await page.context().cookies()).map((c) => c.name)).not.toContain('TDWebApiSso');
      expect(visits.requests.filter((r) => pathOf(r.url) === GETUSER)).toEqual([]);
    });
  }

  test('a tampered or replayed state is refused, with no session', async ({ page, context, visits }) => {
    await ssoFromSignIn(page);
    await expect(page).toHaveURL('/profile');
    const callbacks = visits.requests.filter((r) => pathOf(r.url) === CALLBACK).map((r) => r.url);
    expect(callbacks).toHaveLength(1);
    const callback = new URL(callbacks[0]!);
    const state = callback.searchParams.get('state')!;
    expect(state).toBeTruthy();
    expect(callback.searchParams.get('code')).toBeTruthy();

    // Back to nothing: signed out of the console, and the service's SSO session gone.
    await signOutOfSso(page);

    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${state.slice(0, -2)}${state.endsWith('AA') ? 'BB' : 'AA'}`);
    for (const url of [tampered.href, callback.href]) {
      await page.goto(url);
      await expect(page).toHaveURL('/sso?error=state_invalid');
      await expect(page.getByRole('alert')).toHaveText(
        'The single sign-on answer did not match a request from this browser (it may be old or replayed).',
      );
      expect(await storedSession(page)).toBeNull();
      expect((await context.cookies()).map((c) => c.name)).not.toContain('TDWebApiSso');
    }
  });

  test('loginsso never sends the browser off the console origin, whatever returnTo says', async ({
    page,
    visits,
  }) => {
    const unsafe = [
      '//evil.com',
      '/\\evil.com',
      'https://evil.com',
      'javascript:alert(1)',
      '%2F%2Fevil.com',
      '/%5Cevil.com',
      '  /profile  ',
    ];
    const origins = () => [...new Set(visits.urls.map((url) => new URL(url).origin))];

    // Without an SSO session: through the provider, then to the console root.
    await page.goto(`${LOGINSSO}?returnTo=${encodeURIComponent(unsafe[0]!)}`);
    await signInAtProvider(page);
    await expect(page).toHaveURL(/\/sign-in(\?|$)/);

    // With one: straight to the console root.
    for (const returnTo of unsafe) {
      await page.goto(`${LOGINSSO}?returnTo=${encodeURIComponent(returnTo)}`);
      await expect(page).toHaveURL(/\/sign-in(\?|$)/);
      expect(new URL(await href(page)).origin).toBe(MAIN_ORIGIN);
    }
    expect(origins()).toEqual([MAIN_ORIGIN]);
  });
});

test('provider ids without a digit reach the server, for the log check at teardown to see how they are logged', async ({
  request,
}) => {
  // One in some 1,500 of the provider's ids has no digit: sent on purpose, so the check never rests on chance.
  const digitFree = 'oYqryJOgyZfxwKqfsoFFuWHzQjWwj-OurkEqCzabcde';
  for (const path of [
    `/idp/interaction/${digitFree}`,
    `/idp/auth/${digitFree}`,
    `/idp/interaction/${digitFree}/login`,
  ]) {
    expect((await request.get(path)).status()).toBeLessThan(500);
  }
});

test.describe('pasting a token from the SSO page', () => {
  /** Opens the service's SSO page from the console's link, signs in there, and reads the token it shows. */
  async function tokenFromSsoPage(page: Page) {
    const opened = page.context().waitForEvent('page');
    await page.getByRole('link', { name: 'Open the SSO page in a new tab' }).click();
    const tab = await opened;
    await signInAtProvider(tab);
    await expect(tab).toHaveURL(LOGINSSO);
    const token = (await tab.locator('body').innerText()).trim();
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await tab.close();
    return token;
  }

  const tokenField = (page: Page) => page.getByRole('textbox', { name: 'Token' });
  const verifyButton = (page: Page) => page.getByRole('button', { name: 'Verify with getuser and sign in' });

  test('a token from the SSO page in another tab signs in, verified by one getuser', async ({
    page,
    visits,
  }) => {
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Paste a token from the SSO page instead' }).click();
    await expect(page).toHaveURL('/sso?returnTo=%2Fprofile');
    const token = await tokenFromSsoPage(page);

    await tokenField(page).fill(token);
    await page.getByRole('button', { name: 'Check token' }).click();
    await expect(page.getByText(`A token for ${JDOE.username}`)).toBeVisible();
    expect(visits.requests.filter((r) => pathOf(r.url) === GETUSER)).toEqual([]);
    await verifyButton(page).click();

    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('region', { name: 'Identity' })).toContainText(JDOE.username);
    const getusers = visits.requests.filter((r) => pathOf(r.url) === GETUSER);
    expect(getusers[0]?.authorization).toBe(`Bearer ${token}`);
    expect(await storedSession(page)).toMatchObject({ token, method: 'pasted', username: JDOE.username });
    await page.getByRole('link', { name: 'Token' }).click();
    await expect(page.getByRole('region', { name: 'Lifetime' })).toContainText(
      'Single sign-on, pasted token',
    );
    await expectTokenNowhere(page, visits, token);
  });

  test('malformed text is refused before anything is sent', async ({ page, visits }) => {
    await page.goto('/sso');
    for (const [text, message] of [
      ['hello world', 'This is not a JWT: it should be three parts separated by dots.'],
      ['abc.def', 'This is not a JWT: it should be three parts separated by dots.'],
      [
        'eyJhbGciOiJIUzI1NiJ9.bm90IGpzb24.c2ln',
        'This is not a JWT: it should be three parts separated by dots.',
      ],
      ['   ', 'Paste the token text from the SSO page.'],
    ]) {
      await tokenField(page).fill(text!);
      await page.getByRole('button', { name: 'Check token' }).click();
      await expect(tokenField(page)).toHaveAccessibleDescription(message!);
      await expect(verifyButton(page)).toHaveCount(0);
    }
    expect(visits.requests.filter((r) => pathOf(r.url).startsWith('/TDWebApi/'))).toEqual([]);
    expect(await storedSession(page)).toBeNull();
  });

  test('an expired token is refused before any getuser; the same token quoted and padded, in time, is accepted', async ({
    page,
    visits,
  }) => {
    await page.clock.install();
    await page.goto('/sso');
    const token = await tokenFromSsoPage(page);
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
      exp: number;
    };

    const realNow = Date.now();
    await page.clock.setSystemTime(exp * 1000 + 60_000);
    await tokenField(page).fill(token);
    await page.getByRole('button', { name: 'Check token' }).click();
    await expect(tokenField(page)).toHaveAccessibleDescription(/^The token expired at /);
    await expect(verifyButton(page)).toHaveCount(0);
    expect(visits.requests.filter((r) => pathOf(r.url) === GETUSER)).toEqual([]);

    await page.clock.setSystemTime(realNow);
    await tokenField(page).fill(`  "${token}"  `);
    await page.getByRole('button', { name: 'Check token' }).click();
    await expect(page.getByText(`A token for ${JDOE.username}`)).toBeVisible();
    await verifyButton(page).click();

    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('region', { name: 'Identity' })).toContainText(JDOE.username);
    const getusers = visits.requests.filter((r) => pathOf(r.url) === GETUSER);
    expect(getusers[0]?.authorization).toBe(`Bearer ${token}`);
    expect(await storedSession(page)).toMatchObject({ token, method: 'pasted' });
    await expectTokenNowhere(page, visits, token);
  });
});

test.describe('axe on the SSO screens and the provider page: no serious or critical violations', () => {
  test('the SSO screen, with and without an error, and the provider sign-in page, also with its error', async ({
    page,
  }) => {
    await page.goto('/sso');
    await expect(page.getByRole('heading', { level: 1, name: 'Single sign-on' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/sso?error=state_invalid');
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Try single sign-on again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: PROVIDER_HEADING })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('User name').fill('jane');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('The user name or password is incorrect.');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
