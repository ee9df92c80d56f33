import type { Page } from '@playwright/test';
import {
  CLOSED_COLLEGE,
  EXAMPLE_UNIVERSITY,
  JDOE,
  expect,
  storedSession,
  storedText,
  test,
  type RecordedRequest,
} from './fixtures';

const LOGINADMIN = '/TDWebApi/api/auth/loginadmin';

async function fillKey(page: Page, beid: string, key: string) {
  await page.getByLabel('BEID').fill(beid);
  await page.getByLabel('WebServicesKey').fill(key);
}

const loginAdminCalls = (requests: RecordedRequest[]) =>
  requests.filter((r) => new URL(r.url).pathname === LOGINADMIN);

/** The key must not be anywhere the page keeps things, nor in any address it visited or called. */
async function expectKeyNowhere(page: Page, key: string, visited: string[], requests: RecordedRequest[]) {
  const stored = await storedText(page);
  expect(stored.local).not.toContain(key);
  expect(stored.session).not.toContain(key);
  expect(stored.cookies).not.toContain(key);
  for (const url of [...visited, ...requests.map((r) => r.url), page.url()]) expect(url).not.toContain(key);
}

function recordNavigations(page: Page): string[] {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => visited.push(frame.url()));
  return visited;
}

test.describe('admin key, signed out', () => {
  test('a valid key is reported with its claims and leaves the visitor signed out', async ({
    page,
    requests,
  }) => {
    const visited = recordNavigations(page);
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Use the BEID and WebServicesKey' }).click();
    await expect(page).toHaveURL('/admin-key');

    await fillKey(page, EXAMPLE_UNIVERSITY.beid, EXAMPLE_UNIVERSITY.key);
    await expect(page.getByLabel('WebServicesKey')).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Test credentials' }).click();

    const result = page.getByRole('alert').filter({ hasText: 'The key is valid' });
    await expect(result).toBeVisible();
    await expect(result).toContainText(`Token for ${EXAMPLE_UNIVERSITY.adminUsername}`);
    await expect(result).toContainText('expires');
    await expect(result).toContainText('Your current session is unchanged.');
    expect(loginAdminCalls(requests)).toHaveLength(1);

    // Still signed out: nothing stored, and signed-in screens still send the visitor to sign-in.
    expect(await storedSession(page)).toBeNull();
    await expectKeyNowhere(page, EXAMPLE_UNIVERSITY.key, visited, requests);

    // Both fields stay for the next test (the key masked), which needs no pasting again.
    await expect(page.getByLabel('BEID')).toHaveValue(EXAMPLE_UNIVERSITY.beid);
    await expect(page.getByLabel('WebServicesKey')).toHaveValue(EXAMPLE_UNIVERSITY.key);
    await expect(page.getByLabel('WebServicesKey')).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Test credentials' }).click();
    await expect.poll(() => loginAdminCalls(requests).length).toBe(2);
    await expect(result).toBeVisible();

    // The key goes when asked; the BEID stays.
    await page.getByRole('button', { name: 'Clear the key' }).click();
    await expect(page.getByLabel('WebServicesKey')).toHaveValue('');
    await expect(page.getByLabel('WebServicesKey')).toBeFocused();
    await expect(page.getByLabel('BEID')).toHaveValue(EXAMPLE_UNIVERSITY.beid);
    await expectKeyNowhere(page, EXAMPLE_UNIVERSITY.key, visited, requests);

    await page.goto('/profile');
    await expect(page).toHaveURL('/sign-in?returnTo=%2Fprofile');
  });

  test('a wrong key is reported as such', async ({ page }) => {
    await page.goto('/admin-key');
    await fillKey(page, EXAMPLE_UNIVERSITY.beid, CLOSED_COLLEGE.key);
    await page.getByRole('button', { name: 'Test credentials' }).click();

    await expect(page.getByRole('alert')).toHaveText('The BEID or WebServicesKey is incorrect.');
    // Left to be corrected: cleared only when asked.
    await expect(page.getByLabel('WebServicesKey')).toHaveValue(CLOSED_COLLEGE.key);
  });

  test('an inactive organization account is reported as inactive', async ({ page }) => {
    await page.goto('/admin-key');
    await fillKey(page, CLOSED_COLLEGE.beid, CLOSED_COLLEGE.key);
    await page.getByRole('button', { name: 'Test credentials' }).click();

    await expect(page.getByRole('alert')).toContainText('not active');
  });

  test('malformed GUIDs are explained inline and nothing is sent', async ({ page, requests }) => {
    await page.goto('/admin-key');
    await fillKey(page, '5d4e3f2a-1b0c-4d9e-8f7a', 'not-a-guid');
    await page.getByRole('button', { name: 'Test credentials' }).click();

    await expect(page.getByText('The BEID must have 32 hexadecimal digits (it has 20).')).toBeVisible();
    await expect(page.getByText('The WebServicesKey may contain only the digits 0-9')).toBeVisible();
    await expect(page.getByLabel('BEID')).toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('button', { name: 'Sign in with key' }).click();
    await expect(page.getByText('The BEID must have 32 hexadecimal digits (it has 20).')).toBeVisible();
    expect(loginAdminCalls(requests)).toEqual([]);
  });

  test('braces, spaces and upper case are accepted', async ({ page, requests }) => {
    await page.goto('/admin-key');
    await fillKey(
      page,
      ` {${EXAMPLE_UNIVERSITY.beid.toUpperCase()}} `,
      `  ${EXAMPLE_UNIVERSITY.key.toUpperCase()}`,
    );
    await page.getByRole('button', { name: 'Test credentials' }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'The key is valid' })).toBeVisible();
    expect(loginAdminCalls(requests)).toHaveLength(1);
  });

  test('signing in with the key opens the service account profile', async ({ page, requests }) => {
    const visited = recordNavigations(page);
    await page.goto('/admin-key');
    await page.getByLabel('WebServicesKey').fill(EXAMPLE_UNIVERSITY.key);
    await page.getByRole('button', { name: 'Show the key' }).click();
    await expect(page.getByLabel('WebServicesKey')).toHaveAttribute('type', 'text');
    await expect(page.getByRole('button', { name: 'Hide the key' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('BEID').fill(EXAMPLE_UNIVERSITY.beid);
    await page.getByRole('button', { name: 'Sign in with key' }).click();

    await expect(page).toHaveURL('/profile');
    const identity = page.getByRole('region', { name: 'Identity' });
    await expect(identity).toContainText('Service account (TypeID 9)');
    await expect(identity).toContainText(EXAMPLE_UNIVERSITY.adminUsername);
    await expect(page.getByRole('button', { name: EXAMPLE_UNIVERSITY.adminUsername })).toBeVisible();

    await page.getByRole('link', { name: 'Token' }).click();
    await expect(page.getByRole('region', { name: 'Lifetime' })).toContainText('Admin key');
    await expectKeyNowhere(page, EXAMPLE_UNIVERSITY.key, visited, requests);
  });
});

test.describe('admin key, signed in', () => {
  test('testing a key leaves the session as it was', async ({ page, signedIn, requests }) => {
    const visited = recordNavigations(page);
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Admin key' }).click();
    await expect(page).toHaveURL('/admin-key');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin key' })).toBeVisible();
    const before = await storedSession(page);
    expect(before?.token).toBe(signedIn.token);

    await fillKey(page, EXAMPLE_UNIVERSITY.beid, EXAMPLE_UNIVERSITY.key);
    await page.getByRole('button', { name: 'Test credentials' }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'The key is valid' })).toBeVisible();
    await expect(page.getByRole('button', { name: JDOE.username })).toBeVisible();
    expect(await storedSession(page)).toEqual(before);

    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('region', { name: 'Identity' })).toContainText(JDOE.username);
    await expectKeyNowhere(page, EXAMPLE_UNIVERSITY.key, visited, requests);
  });
});
