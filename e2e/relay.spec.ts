import { LIMITED_ORIGIN, RELAY_NAME } from './servers';
import { JDOE, expect, test } from './fixtures';

const UPSTREAM = `${LIMITED_ORIGIN}/TDWebApi`;

test('signs in to another service through the relay, and every call goes through it', async ({
  page,
  requests,
}) => {
  await page.goto('/sign-in');
  const picker = page.getByLabel('Connection');
  // A RELAY_TENANTS entry's label is its name.
  await picker.selectOption({ label: RELAY_NAME });
  await expect(page.getByText(`Calls go through this server's relay to ${UPSTREAM}.`)).toBeVisible();
  // The SSO cookie of another service cannot be read from this origin: its own SSO page, and a paste.
  await expect(page.getByRole('button', { name: 'Sign in with SSO' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in with SSO' })).toHaveAttribute(
    'href',
    `${UPSTREAM}/api/auth/loginsso`,
  );

  await page.getByLabel('User name').fill(JDOE.username);
  await page.getByLabel('Password').fill(JDOE.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { name: 'Identity' })).toBeVisible();
  await expect(page.getByText('Jane Doe').first()).toBeVisible();

  const apiCalls = requests.filter((r) => /\/(TDWebApi|SBTDWebApi|relay)\//.test(new URL(r.url).pathname));
  expect(apiCalls.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
    `POST /relay/${RELAY_NAME}/api/auth`,
    `GET /relay/${RELAY_NAME}/api/auth/getuser`,
  ]);

  await page.getByRole('link', { name: 'Token' }).first().click();
  await expect(
    page.getByRole('region', { name: 'Lifetime' }).getByText(RELAY_NAME, { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(`Connection: ${RELAY_NAME}`);
  await expect(page.getByLabel('curl command')).toContainText(
    `# Connection: ${RELAY_NAME}\n# The token is read from the environment variable TDX_TOKEN: export TDX_TOKEN='…' first (the console's Token screen copies it).\ncurl \\\n  -H "Authorization: Bearer $TDX_TOKEN" \\\n  '${UPSTREAM}/api/auth/getuser'`,
  );
});
