import { spawnSync } from 'node:child_process';
import { ASMITH, JDOE, expect, test } from './fixtures';

const GETUSER = '/TDWebApi/api/auth/getuser';

test.describe('profile of jdoe', () => {
  test('shows identity, access with its three applications, and contact', async ({
    page,
    signedIn,
    requests,
  }) => {
    await page.goto('/profile');

    const identity = page.getByRole('region', { name: 'Identity' });
    await expect(identity).toContainText('Jane Doe');
    await expect(identity).toContainText(JDOE.username);
    await expect(identity).toContainText('jane.doe@alumni.example.edu');
    await expect(identity).toContainText('User (TypeID 1)');
    await expect(identity).toContainText('c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8');
    await expect(identity).toContainText('5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f10');

    const access = page.getByRole('region', { name: 'Access' });
    await expect(access.getByText('TDPeople', { exact: true })).toBeVisible();
    await expect(access.getByText('TDTickets', { exact: true })).toBeVisible();
    await expect(access.getByText('TDAssets', { exact: true })).toBeVisible();
    await expect(access).toContainText('Technician');
    // The organization's own ticketing and asset applications (demo realm), and the emulator's default People.
    const orgApps = access.getByRole('list', { name: 'Organization applications' }).getByRole('listitem');
    await expect(orgApps).toHaveText([
      'People (TDPeople), role Technician',
      'IT Service Desk (TDTickets) — administrator, role Technician',
      'IT Assets (TDAssets), role Technician',
    ]);

    const contact = page.getByRole('region', { name: 'Contact and location' });
    await expect(contact).toContainText('Service Desk Analyst');
    await expect(contact).toContainText('Main Library, Room 204');

    // The raw JSON view holds the whole record.
    await page.getByRole('button', { name: 'Raw JSON' }).click();
    await expect(page.getByLabel('The getuser answer as JSON')).toContainText(
      '"UserName": "jdoe@example.edu"',
    );

    // One getuser, with the session's token; navigating away and back uses the cache.
    await page.getByRole('link', { name: 'Token' }).click();
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(identity).toContainText('Jane Doe');
    const getusers = requests.filter((r) => new URL(r.url).pathname === GETUSER);
    expect(getusers.map((r) => r.authorization)).toEqual([`Bearer ${signedIn.token}`]);

    // Refresh asks again.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    expect(requests.filter((r) => new URL(r.url).pathname === GETUSER)).toHaveLength(2);
  });
});

test.describe('profile of asmith', () => {
  test.use({ account: ASMITH });

  test('shows only the tickets application', async ({ signedInPage: page }) => {
    await page.goto('/profile');

    const identity = page.getByRole('region', { name: 'Identity' });
    await expect(identity).toContainText('Alex Smith');
    await expect(identity).toContainText(ASMITH.username);
    const access = page.getByRole('region', { name: 'Access' });
    await expect(access.getByText('TDTickets', { exact: true })).toBeVisible();
    await expect(access.getByText('TDPeople', { exact: true })).toHaveCount(0);
    await expect(
      access.getByRole('list', { name: 'Organization applications' }).getByRole('listitem'),
    ).toHaveText(['IT Service Desk (TDTickets), role Technician']);
    await expect(page.getByRole('button', { name: ASMITH.username })).toBeVisible();
  });
});

test.describe('token page', () => {
  test('shows the claims and a curl command that reads the token from TDX_TOKEN, and runs as shown', async ({
    page,
    signedIn,
  }) => {
    await page.goto('/token');
    await expect(page.getByRole('heading', { level: 1, name: 'Token' })).toBeVisible();

    const claims = page.getByRole('table', { name: 'Token claims' });
    await expect(claims.getByRole('row', { name: /unique_name/ })).toContainText(JDOE.username);
    await expect(claims.getByRole('row', { name: /^exp/ })).toBeVisible();
    await expect(claims.getByRole('row', { name: /^nbf/ })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Token header' })).toContainText('HS256');

    const lifetime = page.getByRole('region', { name: 'Lifetime' });
    await expect(lifetime).toContainText('Password');
    await expect(lifetime).toContainText(/Time left\s*2[34]:\d\d:\d\d/);
    await expect(lifetime).toContainText(/Expires.*GMT/);

    const curl = page.getByLabel('curl command');
    await expect(curl).toContainText(`-H "Authorization: Bearer $TDX_TOKEN"`);
    await expect(curl).toContainText('/TDWebApi/api/auth/getuser');
    await expect(curl).not.toContainText(signedIn.token);
    // Run as it is shown, by a real shell with the token in TDX_TOKEN: getuser answers with the signed-in user.
    const shown = await curl.textContent();
    const run = spawnSync('/bin/sh', ['-c', `${shown} --silent --show-error --fail`], {
      encoding: 'utf8',
      env: { ...process.env, TDX_TOKEN: signedIn.token },
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toMatchObject({ UserName: JDOE.username });

    await page.getByLabel('Show the token in the command').check();
    await expect(curl).toContainText(`Bearer ${signedIn.token}`);
  });

  test('copies a curl command that works, with the token, while the screen shows it redacted', async ({
    page,
    signedIn,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/token');
    await page.getByRole('button', { name: 'Copy curl command' }).click();
    await expect(page.getByRole('button', { name: 'Copied, with your token' })).toBeVisible();
    await expect(page.getByLabel('curl command')).not.toContainText(signedIn.token);

    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`Bearer ${signedIn.token}`);
    // Run by a real shell, as a person pasting it would: getuser answers with the signed-in user.
    const run = spawnSync('/bin/sh', ['-c', `${copied} --silent --show-error --fail`], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toMatchObject({ UserName: JDOE.username });
  });
});
