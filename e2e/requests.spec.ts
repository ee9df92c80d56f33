import { spawnSync } from 'node:child_process';
import {
  JDOE,
  expect,
  expiresOnPage,
  requireSession,
  seriousViolations,
  signInUnderClock,
  signInViaApi,
  signInWithForm,
  signInWithKey,
} from './fixtures';
import {
  answer,
  body,
  choose,
  helpLink,
  openRequests,
  sendWrite,
  signInAsOwnCaller,
  test,
} from './requests-screen';
import { LIMITED_ORIGIN, LIMITED_RATE, RELAY_NAME } from './servers';
import { runPythonProgram } from '../server/testing/python-client.ts';
import type { Page } from '@playwright/test';
import { closeLibrary, openLibrary } from './helpers/library';

const JDOE_UID = 'c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8';

test('GET people/{uid}: the path parameter as a field, the answer with its status, time, size, limits and body', async ({
  requestsScreen: page,
  signedIn,
  requests,
}) => {
  await choose(page, 'people/{uid}', 'GET /api/people/{uid}');
  await expect(page.getByLabel('Method')).toHaveValue('GET');
  await expect(page.getByLabel('Path', { exact: true })).toHaveValue('people/{uid}');
  await page.getByLabel('{uid}').fill(JDOE_UID);

  const preview = page.getByLabel('Request preview');
  await expect(preview).toContainText(`GET http://127.0.0.1:`);
  await expect(preview).toContainText(`/TDWebApi/api/people/${JDOE_UID}`);
  await expect(preview).toContainText('Authorization: Bearer <redacted>');
  await expect(preview).not.toContainText(signedIn.token);

  // Other specs may have spent some of this caller's window of GET people/{uid}: the screen shows what the answer
  // says (59 when this is the window's first call).
  const [answered] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(`/api/people/${JDOE_UID}`)),
    page.getByRole('button', { name: 'Send' }).click(),
  ]);
  const left = Number(answered.headers()['x-ratelimit-remaining']);
  expect(left).toBeLessThanOrEqual(59);
  await expect(answer(page)).toContainText('200 OK: the request succeeded.');
  await expect(body(page)).toContainText(`UserName: "${JDOE.username}"`);
  const facts = answer(page).getByRole('definition');
  await expect(facts.nth(0)).toHaveText(/^\d+ ms$/);
  await expect(facts.nth(1)).toHaveText(/bytes/);
  await expect(facts.nth(2)).toHaveText(new RegExp(`^${left} of 60 left; resets at \\d{1,2}:\\d\\d:\\d\\d`));
  await expect(
    answer(page).getByRole('meter', { name: `GET people/{id}: ${left} of 60 calls left` }),
  ).toBeVisible();
  await answer(page)
    .getByText(/^Answer headers/)
    .click();
  await expect(answer(page).getByRole('table', { name: 'Answer headers' })).toContainText(
    'x-ratelimit-limit',
  );

  const sent = requests.filter((r) => r.url.includes('/api/people/'));
  expect(sent).toHaveLength(1);
  expect(sent[0]!.authorization).toBe(`Bearer ${signedIn.token}`);
  expect(new URL(sent[0]!.url).pathname).toBe(`/TDWebApi/api/people/${JDOE_UID}`);
});

test('catalog search and fill: a people lookup with query parameters as rows', async ({
  requestsScreen: page,
  requests,
}) => {
  const catalog = page.getByRole('region', { name: 'Catalog' });
  await page.getByLabel('Search the catalog').fill('ticket');
  // Areas by relevance: Tickets first, open, its endpoints listed.
  await expect(catalog.locator('summary').first()).toHaveText(/^Tickets \(\d+\)$/);
  await expect(catalog.locator('summary').getByText('Ticket Statuses')).toBeVisible();
  await expect(
    catalog.getByRole('button', { name: 'GET /api/{appId}/tickets/{id}', exact: true }),
  ).toBeVisible();

  await page.getByLabel('Search the catalog').fill('people lookup');
  const lookup = catalog.getByRole('button', { name: 'GET /api/people/lookup Emulated' });
  await expect(lookup).toBeVisible();
  await lookup.click();
  await expect(page.getByLabel('Path', { exact: true })).toHaveValue('people/lookup');
  await expect(page.getByLabel('Name 1')).toHaveValue('searchText');
  await expect(page.getByLabel('Name 2')).toHaveValue('maxResults');
  await page.getByLabel('Value 1').fill('doe');
  await page.getByLabel('Value 2').fill('5');
  await page.getByRole('button', { name: 'Add query parameter' }).click();
  await page.getByLabel('Name 3').fill('unused');
  await page.getByRole('button', { name: 'Remove query parameter 3' }).click();
  await expect(page.getByLabel('Name 3')).toHaveCount(0);
  await expect(page.getByLabel('Request preview')).toContainText(
    '/api/people/lookup?searchText=doe&maxResults=5',
  );

  // Ctrl+Enter sends from any field of the form.
  await page.getByLabel('Value 2').press('Control+Enter');
  await expect(answer(page)).toContainText('200 OK');
  // The list's records are folded: open the first.
  await body(page).getByRole('treeitem').first().click();
  await expect(body(page)).toContainText(`UserName: "${JDOE.username}"`);
  const sent = requests.filter((r) => r.url.includes('/api/people/lookup'));
  expect(sent.map((r) => new URL(r.url).search)).toEqual(['?searchText=doe&maxResults=5']);
});

test('an area the emulator does not implement answers not_emulated, shown as it came', async ({
  requestsScreen: page,
}) => {
  await choose(page, 'tickets/{id}', 'GET /api/{appId}/tickets/{id}');
  await page.getByLabel('{appId}', { exact: true }).fill('42');
  await page.getByLabel('{id}').fill('1234');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(answer(page)).toContainText('404 Not Found');
  await expect(answer(page).getByRole('alert')).toContainText('Not found. The server said:');
  await expect(body(page)).toContainText('error: "not_emulated"');
  await expect(body(page)).toContainText('the Tickets area (GET /api/{appId}/tickets/{id})');
  await answer(page).getByRole('button', { name: 'Show details' }).click();
  await expect(answer(page).getByRole('definition').filter({ hasText: 'not_emulated' })).toHaveCount(1);
});

test('a malformed body is refused before sending, with its line and column', async ({
  requestsScreen: page,
  requests,
}) => {
  await choose(page, 'post people', 'POST /api/people');
  await page.getByLabel('JSON body').fill('{\n  "FirstName": "Ann"\n  "LastName": "Lee"\n}');
  const before = requests.length;
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByLabel('JSON body')).toHaveAccessibleDescription(
    'Not valid JSON at line 3, column 3: expected "," or "}", unexpected "\\"".',
  );
  expect(requests.slice(before).filter((r) => r.url.includes('/api/'))).toEqual([]);
});

test('a path the browser would take out of the connection is refused, and nothing leaves for it', async ({
  requestsScreen: page,
  requests,
}) => {
  const path = page.getByLabel('Path', { exact: true });
  for (const escape of [
    '..\\..\\..\\relay\\other\\api\\auth\\getuser',
    '%2e%2e\\%2E%2e\\SBTDWebApi\\api\\auth\\getuser',
    'auth\\..\\.%2e\\..\\idp\\me',
  ]) {
    await path.fill(escape);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(path).toHaveAccessibleDescription(/stay under \/api\//);
  }
  // The control: a path under the connection is sent, so the page really was able to send.
  await path.fill('auth/getuser');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(answer(page)).toContainText('200 OK');
  const outside = requests.filter((r) => {
    const { pathname } = new URL(r.url);
    return r.authorization !== undefined
      ? !pathname.startsWith('/TDWebApi/api/')
      : /\/(relay|idp|SBTDWebApi)\//i.test(pathname);
  });
  expect(outside).toEqual([]);
  expect(requests.filter((r) => r.authorization !== undefined).map((r) => new URL(r.url).pathname)).toEqual([
    '/TDWebApi/api/auth/getuser',
  ]);
});

function newPerson(tag: string) {
  const name = `req-${tag}-${Date.now()}`;
  return JSON.stringify({
    FirstName: 'Ann',
    LastName: 'Lee',
    PrimaryEmail: `${name}@example.edu`,
    UserName: `${name}@example.edu`,
  });
}

test('People create: 200 with an admin-key session; no permission with a password session, after one probe', async ({
  page,
  requests,
}) => {
  await signInWithKey(page, '/requests');
  await choose(page, 'post people', 'POST /api/people');
  await page.getByLabel('JSON body').fill(newPerson('admin'));
  await sendWrite(page);
  await expect(answer(page)).toContainText('200 OK');
  await expect(body(page)).toContainText('FirstName: "Ann"');

  // The same request with a password session: the 401 is told apart from an ended session by one getuser.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInViaApi(page, JDOE);
  await openRequests(page);
  await choose(page, 'post people', 'POST /api/people');
  await page.getByLabel('JSON body').fill(newPerson('password'));
  const from = requests.length;
  await sendWrite(page);
  await expect(answer(page).getByRole('alert')).toHaveText('You do not have permission for this action.');
  await expect(answer(page)).toContainText('401 Unauthorized');
  await expect(body(page)).toContainText('insufficient_permission');
  const calls = requests.slice(from).map((r) => `${r.method} ${new URL(r.url).pathname}`);
  expect(calls.filter((c) => c.includes('/api/'))).toEqual([
    'POST /TDWebApi/api/people',
    'GET /TDWebApi/api/auth/getuser',
  ]);
  await expect(page).toHaveURL('/requests');
});

test('history: re-run sends again with the token; curl and fetch copies read it from TDX_TOKEN unless asked, and run as they come', async ({
  requestsScreen: page,
  context,
  signedIn,
  requests,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await choose(page, 'people/{uid}', 'GET /api/people/{uid}');
  await page.getByLabel('{uid}').fill(JDOE_UID);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(answer(page)).toContainText('200 OK');

  const history = await openLibrary(page, 'History');
  const entry = history.getByRole('listitem', { name: `GET /api/people/${JDOE_UID}` });
  await expect(entry).toHaveCount(1);
  // A re-run closes the drawer, for its answer.
  await entry.getByRole('button', { name: 'Re-run' }).click();
  // Closed, not closing: a drawer in its closing transition still shows, and its tabs go as they are clicked.
  await expect(page.getByRole('dialog', { name: 'Library' })).toBeHidden();
  await openLibrary(page, 'History');
  await expect(history.getByRole('listitem')).toHaveCount(2);
  const sent = requests.filter((r) => r.url.endsWith(`/api/people/${JDOE_UID}`));
  expect(sent).toHaveLength(2);
  expect(sent.every((r) => r.authorization === `Bearer ${signedIn.token}`)).toBe(true);

  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  const first = history.getByRole('listitem').first();
  await first.getByRole('button', { name: 'Copy as curl' }).click();
  const origin = new URL(page.url()).origin;
  const curl = await clipboard();
  expect(curl).toBe(
    `# Connection: This server (emulator)\n# The token is read from the environment variable TDX_TOKEN: export TDX_TOKEN='…' first (the console's Token screen copies it).\ncurl \\\n  -H "Authorization: Bearer $TDX_TOKEN" \\\n  '${origin}/TDWebApi/api/people/${JDOE_UID}'`,
  );
  // Run as it comes by a real shell, the token in TDX_TOKEN.
  const run = spawnSync('/bin/sh', ['-c', `${curl} --silent --show-error --fail`], {
    encoding: 'utf8',
    env: { ...process.env, TDX_TOKEN: signedIn.token },
  });
  expect(run.stderr).toBe('');
  expect(JSON.parse(run.stdout)).toMatchObject({ UID: JDOE_UID });
  await first.getByRole('button', { name: 'Copy as fetch' }).click();
  const fetchText = await clipboard();
  expect(
    fetchText.startsWith(
      `// Connection: This server (emulator)\n// The token is read from the environment variable TDX_TOKEN: run it with Node.js, TDX_TOKEN set (the console's Token screen copies it).\nfetch("${origin}/TDWebApi/api/people/${JDOE_UID}"`,
    ),
  ).toBe(true);
  expect(fetchText).not.toContain(signedIn.token);

  await history.getByLabel('Show the token in copies').check();
  await first.getByRole('button', { name: 'Copy as curl' }).click();
  expect(await clipboard()).toContain(`Authorization: Bearer ${signedIn.token}`);

  // Edit loads the request back into the form.
  await page.getByLabel('{uid}').fill('');
  await first.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('{uid}')).toHaveValue(JDOE_UID);
});

test('an auth request sent from here is kept with its password masked, in the history and its copies', async ({
  requestsScreen: page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await choose(page, 'auth login', 'POST /api/auth/login');
  await page
    .getByLabel('JSON body')
    .fill(JSON.stringify({ username: JDOE.username, password: JDOE.password }));
  await expect(page.getByLabel('Request preview')).not.toContainText(JDOE.password);
  await sendWrite(page);
  await expect(answer(page)).toContainText('200 OK');
  const entry = (await openLibrary(page, 'History')).getByRole('listitem').first();
  await expect(entry).toContainText('a secret (password, key or token) masked');
  await expect(entry.getByRole('button', { name: 'Re-run' })).toBeDisabled();
  await entry.getByRole('button', { name: 'Copy as curl' }).click();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toContain('"password": "<redacted>"');
  expect(curl).not.toContain(JDOE.password);
});

test('paste anything: a full URL with a query fills path and rows; another base is refused; a curl command fills the form', async ({
  requestsScreen: page,
  context,
  requests,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const origin = new URL(page.url()).origin;
  const path = page.getByLabel('Path', { exact: true });
  const paste = async (text: string) => {
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await path.click();
    await path.press('Control+A');
    await path.press('Control+V');
  };

  await paste(`${origin}/TDWebApi/api/people/lookup?searchText=doe&maxResults=5&tag=a%20b&tag=c%2Bd`);
  await expect(path).toHaveValue('people/lookup');
  const rows = [
    ['searchText', 'doe'],
    ['maxResults', '5'],
    ['tag', 'a b'],
    ['tag', 'c+d'],
  ];
  for (const [index, [name, value]] of rows.entries()) {
    await expect(page.getByLabel(`Name ${index + 1}`)).toHaveValue(name!);
    await expect(page.getByLabel(`Value ${index + 1}`)).toHaveValue(value!);
  }
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(answer(page)).toContainText('200 OK');
  expect(
    requests.filter((r) => r.url.includes('/api/people/lookup')).map((r) => new URL(r.url).search),
  ).toEqual(['?searchText=doe&maxResults=5&tag=a+b&tag=c%2Bd']);

  // Another base of this server, and another tenant: refused, naming both, and the form left as it was.
  await paste(`${origin}/SBTDWebApi/api/auth/getuser`);
  await expect(path).toHaveAccessibleDescription(
    `That URL is for ${origin}/SBTDWebApi, but this session is signed in to ${origin}/TDWebApi: a token goes only to its own connection.`,
  );
  await expect(path).toHaveValue('people/lookup');
  await paste('https://other.teamdynamix.com/TDWebApi/api/people/lookup?searchText=x');
  await expect(path).toHaveAccessibleDescription(
    /^That URL is for https:\/\/other\.teamdynamix\.com\/TDWebApi, but/,
  );

  await page.getByRole('button', { name: 'Paste a command' }).click();
  const curlField = page.getByRole('group', { name: 'Paste a command' });
  await curlField
    .getByLabel('curl or PowerShell command')
    .fill(
      `curl -X POST \\\n  -H 'Authorization: Bearer not.a.token' \\\n  -H 'Content-Type: application/json' \\\n  --data-raw '{"FirstName":"Ann","LastName":"O\u2019Lee"}' \\\n  '${origin}/TDWebApi/api/people?notify=false'`,
    );
  await curlField.getByRole('button', { name: 'Fill the form' }).click();
  await expect(curlField).toHaveCount(0);
  await expect(page.getByLabel('Method')).toHaveValue('POST');
  await expect(path).toHaveValue('people');
  await expect(page.getByLabel('Name 1')).toHaveValue('notify');
  await expect(page.getByLabel('Value 1')).toHaveValue('false');
  await expect(page.getByLabel('JSON body')).toHaveValue('{"FirstName":"Ann","LastName":"O\u2019Lee"}');
  const notes = page.getByRole('alert').filter({ hasText: 'Read with bash quoting.' });
  await expect(notes).toContainText('The Authorization header was left out: the session’s token is used.');
  await expect(page.getByLabel('Request preview')).not.toContainText('not.a.token');
});

test('copy as Python runs as it comes with python3 + requests against the server, the token read from TDX_TOKEN; PowerShell and Python copies hold the token only when asked', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInWithKey(page, '/requests');
  const session = await requireSession(page);
  await choose(page, 'post people', 'POST /api/people');
  const tag = `py-${Date.now()}`;
  const bodyText = JSON.stringify({
    FirstName: 'Zoë',
    LastName: 'O’Brien "$x" `y`',
    PrimaryEmail: `${tag}@example.edu`,
    UserName: `${tag}@example.edu`,
    IsActive: true,
    AlternateID: null,
  });
  await page.getByLabel('JSON body').fill(bodyText);
  await sendWrite(page);
  await expect(answer(page)).toContainText('200 OK');

  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  const history = await openLibrary(page, 'History');
  const entry = history.getByRole('listitem').first();
  await entry.getByRole('button', { name: 'Copy as PowerShell' }).click();
  const powershell = await clipboard();
  expect(powershell).toContain(`'Authorization' = "Bearer $env:TDX_TOKEN"`);
  expect(powershell).toContain(`$body = @'\n${bodyText}\n'@`);
  expect(powershell).not.toContain(session.token);
  await entry.getByRole('button', { name: 'Copy as Python' }).click();
  const copied = await clipboard();
  expect(copied).not.toContain(session.token);
  expect(copied).toContain('os.environ["TDX_TOKEN"]');

  // As it comes, with the token in TDX_TOKEN, the copy creates the person again under a new name, as the
  // administrator would run it.
  const python = copied.replaceAll(tag, `${tag}-again`);
  expect(python).toContain('"IsActive":True');
  const { stdout } = await runPythonProgram(python, { TDX_TOKEN: session.token });
  const [status, ...text] = stdout.trimEnd().split('\n');
  expect(status).toBe('200');
  expect(JSON.parse(text.join('\n'))).toMatchObject({
    FirstName: 'Zoë',
    LastName: 'O’Brien "$x" `y`',
    UserName: `${tag}-again@example.edu`,
  });

  // With the switch on, the token itself is in the copy.
  await history.getByLabel('Show the token in copies').check();
  await entry.getByRole('button', { name: 'Copy as Python' }).click();
  expect(await clipboard()).toContain(`"Authorization": "Bearer ${session.token}",`);
});

test('saved requests: kept per connection without secrets, across a reload and a sign-out, loaded back, deleted', async ({
  requestsScreen: page,
  signedIn,
}) => {
  await choose(page, 'people lookup', 'GET /api/people/lookup');
  await page.getByLabel('Value 1').fill('doe');
  await page.getByLabel('Value 2').fill('5');
  const saved = await openLibrary(page, 'Saved');
  await saved.getByLabel('Name to save the form as').fill('Weekly lookup');
  await saved.getByRole('button', { name: 'Save the form' }).click();
  await expect(saved.getByRole('status')).toHaveText('Saved “Weekly lookup”.');
  await closeLibrary(page);

  await choose(page, 'auth login', 'POST /api/auth/login');
  await page
    .getByLabel('JSON body')
    .fill(JSON.stringify({ username: JDOE.username, password: JDOE.password }));
  await openLibrary(page, 'Saved');
  await saved.getByLabel('Name to save the form as').fill('Sign in');
  await saved.getByRole('button', { name: 'Save the form' }).click();
  await expect(saved.getByRole('status')).toContainText(
    'A secret in it (a password, key or token) was masked',
  );
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).toContain('Weekly lookup');
  expect(stored).not.toContain(JDOE.password);
  expect(stored).not.toContain(signedIn.token);

  await page.reload();
  await openLibrary(page, 'Saved');
  await expect(saved.getByRole('listitem')).toHaveCount(2);
  await closeLibrary(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInViaApi(page, JDOE);
  await openRequests(page);
  await openLibrary(page, 'Saved');
  await expect(saved.getByRole('listitem', { name: 'Sign in' })).toContainText(
    'A secret (password, key or token) masked',
  );
  const lookup = saved.getByRole('listitem', { name: 'Weekly lookup' });
  await expect(lookup).toContainText('GET /api/people/lookup');
  await lookup.getByRole('button', { name: 'Load' }).click();
  await expect(page.getByLabel('Path', { exact: true })).toHaveValue('people/lookup');
  await expect(page.getByLabel('Value 1')).toHaveValue('doe');
  await expect(page.getByLabel('Value 2')).toHaveValue('5');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(answer(page)).toContainText('200 OK');

  await openLibrary(page, 'Saved');
  await saved.getByRole('listitem', { name: 'Sign in' }).getByRole('button', { name: 'Delete' }).click();
  await expect(saved.getByRole('listitem')).toHaveCount(1);
});

test('names like built-in properties: {constructor} pasted, and a Postman :constructor imported, saved and loaded', async ({
  requestsScreen: page,
  requests,
}) => {
  const origin = new URL(page.url()).origin;
  await page.getByRole('button', { name: 'Paste a command' }).click();
  await page
    .getByRole('textbox', { name: 'curl or PowerShell command' })
    .fill(`curl ${origin}/TDWebApi/api/people/{constructor}`);
  await page.getByRole('button', { name: 'Fill the form' }).click();
  await page.getByLabel('{constructor}').fill(JDOE_UID);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(answer(page)).toContainText('200 OK');

  const saved = await openLibrary(page, 'Saved');
  const collection = {
    info: {
      name: 'Odd names',
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    item: [
      {
        name: 'By constructor',
        // No value for it: the form must not find one on Object.prototype.
        request: { method: 'GET', url: '{{baseUrl}}/api/people/:constructor' },
      },
    ],
  };
  await saved.getByLabel('Postman collection file').setInputFiles({
    name: 'odd.postman_collection.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(collection)),
  });
  await expect(saved.getByRole('status')).toHaveText('Imported 1 request.');
  await page.reload();
  await openLibrary(page, 'Saved');
  await saved.getByRole('listitem', { name: 'By constructor' }).getByRole('button', { name: 'Load' }).click();
  await expect(page.getByLabel('{constructor}')).toHaveValue('');
  await page.getByLabel('{constructor}').fill(JDOE_UID);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(answer(page)).toContainText('200 OK');
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  expect(requests.filter((r) => r.url.endsWith(`/api/people/${JDOE_UID}`))).toHaveLength(2);
});

test('expiry during editing: back to sign-in, then to Requests with the form as it was left', async ({
  page,
}) => {
  const session = await signInUnderClock(page, JDOE);
  await openRequests(page);
  await choose(page, 'post people', 'POST /api/people');
  const draft = '{\n  "FirstName": "Half-written"\n}';
  await page.getByLabel('JSON body').fill(draft);
  await page.getByRole('button', { name: 'Add query parameter' }).click();
  await page.getByLabel('Name 1').fill('note');

  await page.clock.pauseAt(expiresOnPage(session) - 2000);
  await page.clock.runFor(3000);
  await expect(page).toHaveURL(`/sign-in?returnTo=${encodeURIComponent('/requests')}`);
  await page.clock.resume();
  await signInWithForm(page, JDOE);
  await expect(page).toHaveURL('/requests');
  await expect(page.getByLabel('Method')).toHaveValue('POST');
  await expect(page.getByLabel('Path', { exact: true })).toHaveValue('people');
  await expect(page.getByLabel('JSON body')).toHaveValue(draft);
  await expect(page.getByLabel('Name 1')).toHaveValue('note');
});

test.describe('at a rate limit of 0', () => {
  test.use({ baseURL: LIMITED_ORIGIN });

  test('Send is disabled with a countdown until the reset, and nothing is sent', async ({
    page,
    requests,
  }, testInfo) => {
    await signInAsOwnCaller(page, testInfo, 101);
    await openRequests(page);
    const path = page.getByLabel('Path', { exact: true });
    await path.fill('people/lookup');
    const lookups = () => requests.filter((r) => new URL(r.url).pathname.endsWith('/api/people/lookup'));
    const send = page.getByRole('button', { name: 'Send', exact: true });
    for (let call = 1; call <= LIMITED_RATE; call++) {
      await send.click();
      await expect(answer(page)).toContainText(`${LIMITED_RATE - call} of ${LIMITED_RATE} left`);
    }
    const waiting = page.getByRole('button', { name: /^Send \(wait \d+ s\)$/ });
    await expect(waiting).toBeDisabled();
    await expect(answer(page).getByRole('alert')).toContainText(
      'Too many calls to this method. Try again in',
    );

    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
    const seconds = Number(/wait (\d+) s/.exec((await waiting.textContent()) ?? '')?.[1]);
    await page.clock.runFor(10_000);
    await expect(waiting).toHaveText(`Send (wait ${seconds - 10} s)`);
    await path.press('Control+Enter');
    expect(lookups()).toHaveLength(LIMITED_RATE);

    await page.clock.runFor(seconds * 1000);
    await expect(send).toBeEnabled();
    await expect(answer(page).getByRole('alert')).toHaveCount(0);
    expect(lookups()).toHaveLength(LIMITED_RATE);
  });

  // Issue 28: one 429 used to show four waits.
  test('one 429: one wait figure, the countdown, on the button and in the answer, from the one clock', async ({
    page,
    requests,
  }, testInfo) => {
    const { caller, session } = await signInAsOwnCaller(page, testInfo, 151);
    for (let call = 1; call <= LIMITED_RATE; call++) {
      const used = await page.request.get(`${LIMITED_ORIGIN}/TDWebApi/api/people/lookup`, {
        headers: { Authorization: `Bearer ${session.token}`, 'X-Forwarded-For': caller },
      });
      expect(used.status()).toBe(200);
    }
    await openRequests(page);
    await page.getByLabel('Path', { exact: true }).fill('people/lookup');
    const limited = page.waitForResponse((r) => r.url().includes('/api/people/lookup'));
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const response = await limited;
    expect(response.status()).toBe(429);
    const retryAfter = Number(await response.headerValue('Retry-After'));

    const waiting = page.getByRole('button', { name: /^Send \(wait \d+ s\)$/ });
    await expect(waiting).toBeDisabled();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
    const seconds = Number(/wait (\d+) s/.exec((await waiting.textContent()) ?? '')?.[1]);
    expect(Math.abs(seconds - retryAfter)).toBeLessThanOrEqual(1);
    const alert = answer(page).getByRole('alert');
    await expect(alert).toHaveText(`Too many calls to this method. Try again in ${seconds} seconds.`);
    await expect(answer(page)).toContainText('429 Too Many Requests');
    await expect(answer(page).getByRole('definition').nth(2)).toHaveText(`0 of ${LIMITED_RATE} left`);
    // No reset time beside the countdown (the headers and details, folded, keep the answer's raw values); the one
    // time shown is when the request was sent.
    const shown = (await answer(page).innerText()).replace(/sent at \d{1,2}:\d\d:\d\d/, 'sent');
    expect(shown).not.toMatch(/\d{1,2}:\d\d:\d\d/);

    await page.clock.runFor(2000);
    await expect(waiting).toHaveText(`Send (wait ${seconds - 2} s)`);
    await expect(alert).toHaveText(`Too many calls to this method. Try again in ${seconds - 2} seconds.`);
    expect(requests.filter((r) => r.url.includes('/api/people/lookup'))).toHaveLength(1);
  });
});

// Issue 29: the second server replays e2e/recordings, which hold GET /api/30/tickets/12.
test.describe('on a server replaying recordings', () => {
  test.use({ baseURL: LIMITED_ORIGIN });

  test('the catalog marks the recorded operation Recorded, and sending it replays the recording', async ({
    page,
    requests,
  }, testInfo) => {
    await signInAsOwnCaller(page, testInfo, 51);
    await openRequests(page);
    expect(requests.filter((r) => r.url.includes('/recorded-operations'))).toEqual([]);
    await page.getByLabel('Search the catalog').fill('tickets/{id}');
    const recorded = page.getByRole('button', {
      name: 'GET /api/{appId}/tickets/{id} Recorded',
      exact: true,
    });
    await expect(recorded).toBeVisible();
    await expect(recorded.getByText('Recorded', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'PATCH /api/{appId}/tickets/{id}', exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Recorded', { exact: true })).toHaveCount(1);
    const asked = requests.filter((r) => r.url.includes('/recorded-operations'));
    expect(asked.map((r) => new URL(r.url).pathname)).toEqual(['/TDWebApi/recorded-operations']);

    await recorded.click();
    await page.getByLabel('{appId}', { exact: true }).fill('30');
    await page.getByLabel('{id}', { exact: true }).fill('12');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(answer(page)).toContainText('200 OK');
    await expect(answer(page)).toContainText('Replayed from a recording');
    await expect(body(page)).toContainText('Title: "Printer on fire"');
  });
});

test('through the relay to a second emulator as tenant: the same round trip', async ({ page, requests }) => {
  const upstream = `${LIMITED_ORIGIN}/TDWebApi`;
  await page.goto(`/sign-in?returnTo=${encodeURIComponent('/requests')}`);
  // A RELAY_TENANTS entry's label is its name.
  await page.getByLabel('Connection').selectOption({ label: RELAY_NAME });
  await signInWithForm(page, JDOE);
  await expect(page).toHaveURL('/requests');
  const session = await requireSession(page);

  await choose(page, 'people/{uid}', 'GET /api/people/{uid}');
  // The catalog's help is the tenant's own.
  await expect(helpLink(page, 'GET /api/people/{uid}')).toHaveAttribute(
    'href',
    `${upstream}/Home/section/People#GETapi/people/{uid}`,
  );
  await page.getByLabel('{uid}').fill(JDOE_UID);
  await expect(page.getByLabel('Request preview')).toContainText(
    `/relay/${RELAY_NAME}/api/people/${JDOE_UID}`,
  );
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(answer(page)).toContainText('200 OK');
  await expect(body(page)).toContainText(`UserName: "${JDOE.username}"`);
  await expect(answer(page).getByRole('definition').nth(2)).toHaveText(/ of 3 left; resets at /);

  const sent = requests.filter((r) => r.url.includes('/api/people/'));
  expect(sent.map((r) => new URL(r.url).pathname)).toEqual([`/relay/${RELAY_NAME}/api/people/${JDOE_UID}`]);
  expect(sent[0]!.authorization).toBe(`Bearer ${session.token}`);

  // A copy names the connection, and the tenant itself as a tool outside the browser would call it.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const history = await openLibrary(page, 'History');
  await history.getByRole('button', { name: 'Copy as curl' }).click();
  await closeLibrary(page);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `# Connection: ${RELAY_NAME}\n# The token is read from the environment variable TDX_TOKEN: export TDX_TOKEN='…' first (the console's Token screen copies it).\ncurl \\\n  -H "Authorization: Bearer $TDX_TOKEN" \\\n  '${upstream}/api/people/${JDOE_UID}'`,
  );

  // Every method of the Web API passes the relay: a PUT reaches the tenant, which answers it itself.
  await choose(page, 'accounts/{id}', 'PUT /api/accounts/{id}');
  await page.getByLabel('{id}', { exact: true }).fill('7');
  // The relayed tenant is production: its write asks first (issue 38 items 8, 9).
  await page.getByRole('button', { name: 'Send PUT', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Send this PUT?' })
    .getByRole('button', { name: 'Send PUT' })
    .click();
  await expect(answer(page)).toContainText('404 Not Found');
  // The tenant here replays recordings (e2e/recordings): it has none of this call.
  await expect(body(page)).toContainText('error: "not_recorded"');
  const put = requests.filter((r) => r.method === 'PUT');
  expect(put.map((r) => new URL(r.url).pathname)).toEqual([`/relay/${RELAY_NAME}/api/accounts/7`]);
});

async function auditAnswered(page: Page) {
  // Two axe runs over a large screen: slow on a shared machine.
  test.slow();
  await choose(page, 'tickets/{id}', 'GET /api/{appId}/tickets/{id}');
  await page.getByLabel('{appId}', { exact: true }).fill('42');
  await page.getByLabel('{id}', { exact: true }).fill('7');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(answer(page)).toContainText('404 Not Found');
  await answer(page).getByRole('button', { name: 'Show details' }).click();
  await answer(page)
    .getByText(/^Answer headers/)
    .click();
  // A form error showing too.
  await page.getByRole('textbox', { name: '{id}', exact: true }).fill('');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Fill in id.')).toBeVisible();
  // Endpoints marked as emulated in view.
  await page.getByLabel('Search the catalog').fill('people');
  await expect(page.getByText('Emulated', { exact: true }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.mouse.move(0, 400);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
}

test('axe: the screen with an answer, an error and a form error, light and dark', async ({
  requestsScreen: page,
}) => {
  await auditAnswered(page);
});

test.describe('at 360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('axe, light and dark, and nothing scrolls sideways', async ({ requestsScreen: page }) => {
    await auditAnswered(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
