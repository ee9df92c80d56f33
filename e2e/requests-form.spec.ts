import { readFile } from 'node:fs/promises';
import { JDOE, expect, signInWithForm } from './fixtures';
import { answer, choose, helpLink, test } from './requests-screen';
import { closeLibrary, openLibrary } from './helpers/library';

// Issue 28: the request form and sending, as an administrator uses them day to day.

const pathOf = (url: string) => new URL(url).pathname;
const lookupsIn = (requests: { url: string }[]) =>
  requests.filter((r) => pathOf(r.url) === '/TDWebApi/api/people/lookup').map((r) => new URL(r.url).search);

test('a query typed into the path goes out with the first Send, its rows filled; Ctrl+Enter in the path sends', async ({
  requestsScreen: page,
  requests,
}) => {
  const path = page.getByLabel('Path', { exact: true });
  await path.fill('people/lookup?searchText=smith');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(answer(page)).toContainText('200 OK');
  await expect(path).toHaveValue('people/lookup');
  await expect(page.getByLabel('Name 1')).toHaveValue('searchText');
  await expect(page.getByLabel('Value 1')).toHaveValue('smith');

  await path.fill('people/lookup?searchText=doe&maxResults=2');
  await path.press('Control+Enter');
  await expect(page.getByLabel('Value 2')).toHaveValue('2');
  await expect((await openLibrary(page, 'History')).getByRole('listitem')).toHaveCount(2);
  expect(lookupsIn(requests)).toEqual(['?searchText=smith', '?searchText=doe&maxResults=2']);
});

test('after a curl paste fills the body, its hint says the body is sent', async ({
  requestsScreen: page,
}) => {
  const origin = new URL(page.url()).origin;
  await page.getByRole('button', { name: 'Paste a command' }).click();
  await page
    .getByRole('textbox', { name: 'curl or PowerShell command' })
    .fill(`curl -X POST --data-raw '{"FirstName":"Ann"}' ${origin}/TDWebApi/api/people`);
  await page.getByRole('button', { name: 'Fill the form' }).click();
  const bodyField = page.getByLabel('JSON body');
  await expect(bodyField).toHaveValue('{"FirstName":"Ann"}');
  await expect(bodyField).toHaveAccessibleDescription(
    'Sent as the body, with Content-Type: application/json.',
  );
  await bodyField.fill('');
  await expect(bodyField).toHaveAccessibleDescription('Empty: no body.');
});

test('copies from the form before sending: masked as in History, the token only when asked, nothing sent', async ({
  requestsScreen: page,
  clipboard,
  signedIn,
  requests,
}) => {
  const copies = page.getByRole('group', { name: 'Copy the request' });
  const origin = new URL(page.url()).origin;

  // Not before the form can be built.
  await choose(page, 'people/{uid}', 'GET /api/people/{uid}');
  await expect(copies.getByRole('button', { name: 'Copy as curl' })).toBeDisabled();

  await choose(page, 'auth login', 'POST /api/auth/login');
  await page
    .getByLabel('JSON body')
    .fill(JSON.stringify({ username: JDOE.username, password: JDOE.password }));
  await copies.getByRole('button', { name: 'Copy as curl' }).click();
  const curl = await clipboard();
  expect(curl).toContain('# Connection: This server (emulator)');
  expect(curl).toContain('-H "Authorization: Bearer $TDX_TOKEN"');
  expect(curl).toContain('"password": "<redacted>"');
  expect(curl).toContain(`'${origin}/TDWebApi/api/auth/login'`);
  expect(curl).not.toContain(JDOE.password);

  // A People create as PowerShell, before anyone is created.
  await choose(page, 'post people', 'POST /api/people');
  const person = JSON.stringify({ FirstName: 'Ann', LastName: 'Lee', UserName: 'ann.lee@example.edu' });
  await page.getByLabel('JSON body').fill(person);
  await copies.getByRole('button', { name: 'Copy as PowerShell' }).click();
  const powershell = await clipboard();
  expect(powershell).toContain(`-Uri '${origin}/TDWebApi/api/people'`);
  expect(powershell).toContain(`$body = @'\n${person}\n'@`);
  expect(powershell).toContain(`'Authorization' = "Bearer $env:TDX_TOKEN"`);
  expect(powershell).not.toContain(signedIn.token);
  await copies.getByLabel('Show the token in copies').check();
  await copies.getByRole('button', { name: 'Copy as PowerShell' }).click();
  await expect(copies.getByRole('button', { name: 'Copied, with your token' })).toBeVisible();
  expect(await clipboard()).toContain(`'Authorization' = 'Bearer ${signedIn.token}'`);

  expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
});

test('New request empties the form, rows and body included, and the saved name with it', async ({
  requestsScreen: page,
  requests,
}) => {
  await choose(page, 'people lookup', 'GET /api/people/lookup');
  await page.getByLabel('Value 1').fill('doe');
  const saved = await openLibrary(page, 'Saved');
  await saved.getByLabel('Name to save the form as').fill('Weekly lookup');
  await saved.getByRole('button', { name: 'Save the form' }).click();
  await expect(saved.getByRole('status')).toHaveText('Saved “Weekly lookup”.');
  await closeLibrary(page);

  await page.getByRole('button', { name: 'New request' }).click();
  const path = page.getByLabel('Path', { exact: true });
  await expect(path).toHaveValue('');
  await expect(path).toBeFocused();
  await expect(page.getByLabel('Method')).toHaveValue('GET');
  await expect(page.getByLabel('Name 1')).toHaveCount(0);
  await expect(page.getByLabel('JSON body')).toHaveValue('');
  await openLibrary(page, 'Saved');
  await expect(saved.getByLabel('Name to save the form as')).toHaveValue('');
  await closeLibrary(page);

  await path.fill('people/lookup');
  await path.press('Enter');
  await expect(answer(page)).toContainText('200 OK');
  expect(lookupsIn(requests)).toEqual(['']);
});

test('each catalog operation links to its help; optional query parameters left empty stay out of the URL', async ({
  requestsScreen: page,
  requests,
}) => {
  await page.getByLabel('Search the catalog').fill('ticket');
  const help = helpLink(page, 'GET /api/{appId}/tickets/{id}');
  await expect(help).toHaveAccessibleDescription('GET /api/{appId}/tickets/{id}');
  await expect(help).toHaveAttribute(
    'href',
    'https://api.teamdynamix.com/TDWebApi/Home/section/Tickets#GETapi/{appId}/tickets/{id}',
  );
  await expect(help).toHaveAttribute('target', '_blank');
  await expect(help).toHaveAttribute('rel', 'noopener');

  await choose(page, 'people lookup', 'GET /api/people/lookup');
  await page.getByLabel('Value 1').fill('doe');
  await expect(page.getByLabel('Request preview')).toContainText(/\/api\/people\/lookup\?searchText=doe$/m);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(answer(page)).toContainText('200 OK');
  await page.getByLabel('Value 1').fill('');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect((await openLibrary(page, 'History')).getByRole('listitem')).toHaveCount(2);
  expect(lookupsIn(requests)).toEqual(['?searchText=doe', '']);
});

test('{appId} is offered by name from the getuser record, with no call of its own', async ({
  requestsScreen: page,
  requests,
}) => {
  await choose(page, 'tickets/{id}', 'GET /api/{appId}/tickets/{id}');
  const choice = page.getByLabel('Your applications');
  await expect(choice.locator('option')).toHaveText([
    'Choose one to fill in {appId}',
    'People (ID 1, TDPeople)',
    'IT Service Desk (ID 31, TDTickets)',
    'IT Assets (ID 52, TDAssets)',
  ]);
  await choice.selectOption({ label: 'IT Service Desk (ID 31, TDTickets)' });
  const appId = page.getByLabel('{appId}', { exact: true });
  await expect(appId).toHaveValue('31');
  await appId.fill('52');
  await expect(choice).toHaveValue('52');
  await page.getByLabel('{id}', { exact: true }).fill('7');
  await expect(page.getByLabel('Request preview')).toContainText('/TDWebApi/api/52/tickets/7');
  const calls = requests.filter((r) => pathOf(r.url).includes('/api/'));
  expect(calls.map((r) => `${r.method} ${pathOf(r.url)}`)).toEqual(['GET /TDWebApi/api/auth/getuser']);
});

test('on this server’s emulator a write never asks: it is nobody’s shared data (issue 38 item 9)', async ({
  requestsScreen: page,
  requests,
}) => {
  await expect(page.getByText('Emulator', { exact: true }).first()).toBeVisible();
  await choose(page, 'post people', 'POST /api/people');
  await page.getByLabel('JSON body').fill(JSON.stringify({ FirstName: 'Ann', LastName: 'Lee' }));
  const from = requests.length;
  await page.getByRole('button', { name: 'Send POST', exact: true }).click();
  await expect(answer(page)).toContainText('401 Unauthorized');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Nothing to switch off where nothing asks.
  await expect(
    page.getByRole('switch', { name: 'Ask before sending a write to this connection' }),
  ).toHaveCount(0);
  expect(requests.slice(from).map((r) => `${r.method} ${pathOf(r.url)}`)).toContain(
    'POST /TDWebApi/api/people',
  );
});

test('on a sandbox connection a write never asks', async ({ page, requests }) => {
  await page.goto(`/sign-in?returnTo=${encodeURIComponent('/requests')}`);
  await page.getByLabel('Connection').selectOption({ label: 'This server (emulator, sandbox)' });
  await signInWithForm(page, JDOE);
  await expect(page).toHaveURL('/requests');
  await expect(page.getByText('Sandbox', { exact: true }).first()).toBeVisible();
  await choose(page, 'post people', 'POST /api/people');
  await page.getByLabel('JSON body').fill(JSON.stringify({ FirstName: 'Ann', LastName: 'Lee' }));
  const from = requests.length;
  await page.getByRole('button', { name: 'Send POST', exact: true }).click();
  await expect(answer(page)).toContainText('401 Unauthorized');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(requests.slice(from).map((r) => `${r.method} ${pathOf(r.url)}`)).toContain(
    'POST /SBTDWebApi/api/people',
  );
});

test.describe('at 360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('after Send the answer, below the form, is brought into view and its heading takes focus', async ({
    requestsScreen: page,
  }) => {
    const heading = page.getByRole('heading', { level: 2, name: 'Answer' });
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(answer(page)).toContainText('200 OK');
    await expect(heading).toBeInViewport();
    await expect(heading).toBeFocused();
  });
});

test('a line of the API’s documentation pasted into the path gives its method and path', async ({
  requestsScreen: page,
  clipboard,
}) => {
  await page.getByLabel('Method').selectOption('DELETE');
  await page.evaluate(() => navigator.clipboard.writeText('GET /api/{appId}/tickets/{id}'));
  expect(await clipboard()).toBe('GET /api/{appId}/tickets/{id}');
  const path = page.getByLabel('Path', { exact: true });
  await path.fill('');
  await path.press('Control+V');
  await expect(page.getByLabel('Method')).toHaveValue('GET');
  await expect(path).toHaveValue('{appId}/tickets/{id}');
  await expect(page.getByLabel('{appId}', { exact: true })).toBeVisible();
  await expect(path).not.toHaveAccessibleDescription(/spaces/);
});

test('curl.exe with cmd’s quoting and a body in a file: a POST, the file named', async ({
  requestsScreen: page,
}) => {
  const origin = new URL(page.url()).origin;
  await page.getByRole('button', { name: 'Paste a command' }).click();
  await page
    .getByRole('textbox', { name: 'curl or PowerShell command' })
    .fill(
      `curl.exe -X POST "${origin}/TDWebApi/api/people/search" ^\n  -H "Content-Type: application/json" ^\n  -H "Authorization: Bearer %TDX_TOKEN%" ^\n  -d @search.json`,
    );
  await page.getByRole('button', { name: 'Fill the form' }).click();
  await expect(page.getByLabel('Method')).toHaveValue('POST');
  await expect(page.getByLabel('Path', { exact: true })).toHaveValue('people/search');
  const notes = page.getByRole('alert', { name: 'From the pasted command' });
  await expect(notes.getByRole('listitem')).toHaveText([
    'Read with cmd quoting.',
    'The Authorization header was left out: the session’s token is used.',
    'Not read: the body in the file search.json (-d @search.json): paste its text into the JSON body.',
  ]);
});

test('a body over 64 KB is refused before it is sent, naming whose limit it is', async ({
  requestsScreen: page,
  requests,
}) => {
  await page.getByLabel('Method').selectOption('POST');
  await page.getByLabel('Path', { exact: true }).fill('people');
  await page.getByLabel('JSON body').fill(JSON.stringify({ Notes: 'x'.repeat(70_000) }));
  const before = requests.length;
  await page.getByRole('button', { name: 'Send POST', exact: true }).click();
  await expect(page.getByLabel('JSON body')).toHaveAccessibleDescription(
    'The body is 68.4 KB (70,012 bytes): this server’s emulator takes bodies of at most 64 KB (65,536 bytes). Nothing was sent.',
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(requests.slice(before).filter((r) => r.method === 'POST')).toEqual([]);
});

test('a secret query typed into the path is masked in Saved, the export and History, and sent as typed (issue 36)', async ({
  requestsScreen: page,
  clipboard,
  requests,
}) => {
  const secret = `typed-webhook-token-${Date.now()}`;
  const path = page.getByLabel('Path', { exact: true });
  await path.fill(`/api/integrations/webhook?token=${secret}`);

  // Saved before it is sent: the path still holds the query.
  const saved = await openLibrary(page, 'Saved');
  await saved.getByLabel('Name to save the form as').fill('Webhook');
  await saved.getByRole('button', { name: 'Save the form' }).click();
  await expect(saved.getByRole('status')).toContainText(
    '“Webhook”. A secret in it (a password, key or token) was masked',
  );
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(secret);
  const [exported] = await Promise.all([
    page.waitForEvent('download'),
    saved.getByRole('button', { name: 'Export as a Postman collection' }).click(),
  ]);
  const collection = await readFile(await exported.path(), 'utf8');
  expect(collection).toContain('token=');
  expect(collection).not.toContain(secret);

  await closeLibrary(page);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(answer(page)).toContainText('404');
  expect(
    requests.filter((r) => r.url.includes('/api/integrations/webhook')).map((r) => new URL(r.url).search),
  ).toEqual([`?token=${secret}`]);
  const entry = (await openLibrary(page, 'History')).getByRole('listitem').first();
  await expect(entry).toContainText('a secret (password, key or token) masked');
  await entry.getByRole('button', { name: 'Copy as curl' }).click();
  expect(await clipboard()).toContain('/api/integrations/webhook?token=%3Credacted%3E');
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(secret);
});
