import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, requireSession, signInWithKey } from './fixtures';
import { answer, body, openRequests, sendWrite, signInAsOwnCaller, test } from './requests-screen';
import { LIMITED_ORIGIN } from './servers';
import { closeLibrary, openLibrary } from './helpers/library';

// The Requests screen's readers and answers (issue 28): a pasted PowerShell command, a Postman import's report, an
// answer's rows, search, views and downloads.

/** A GET of `path` with query rows, filled in the form (the rows by their fields) and sent. */
async function sendGet(page: Page, path: string, query: [string, string][]) {
  await page.getByLabel('Method').selectOption('GET');
  await page.getByLabel('JSON body').fill('');
  await page.getByLabel('Path', { exact: true }).fill(path);
  for (const [index, [name, value]] of query.entries()) {
    await page.getByRole('button', { name: 'Add query parameter' }).click();
    await page.getByLabel(`Name ${index + 1}`).fill(name);
    await page.getByLabel(`Value ${index + 1}`).fill(value);
  }
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(answer(page)).toContainText('200 OK');
  await expect((await openLibrary(page, 'History')).getByRole('listitem').first()).toContainText(
    `GET /api/${path}`,
  );
  await closeLibrary(page);
}

async function pasteCommand(page: Page, command: string) {
  await page.getByRole('button', { name: 'Paste a command' }).click();
  const group = page.getByRole('group', { name: 'Paste a command' });
  await group.getByLabel('curl or PowerShell command').fill(command);
  await group.getByRole('button', { name: 'Fill the form' }).click();
  await expect(group).toHaveCount(0);
}

test('a PowerShell Invoke-RestMethod is pasted and sent; the console’s own Copy as PowerShell reads back', async ({
  requestsScreen: page,
  signedIn,
  clipboard,
  requests,
}) => {
  const origin = new URL(page.url()).origin;
  await pasteCommand(
    page,
    [
      "$query = @{ searchText = 'doe'; maxResults = 5 }",
      `Invoke-RestMethod -Uri '${origin}/TDWebApi/api/people/lookup' \``,
      "  -Headers @{ Authorization = 'Bearer not.a.token'; 'X-Trace' = '1' } `",
      '  -Body $query',
    ].join('\n'),
  );
  await expect(page.getByLabel('Method')).toHaveValue('GET');
  await expect(page.getByLabel('Path', { exact: true })).toHaveValue('people/lookup');
  await expect(page.getByLabel('Name 1')).toHaveValue('searchText');
  await expect(page.getByLabel('Value 1')).toHaveValue('doe');
  await expect(page.getByLabel('Value 2')).toHaveValue('5');
  const notes = page.getByRole('alert', { name: 'From the pasted command' });
  await expect(notes.getByRole('listitem')).toHaveText([
    'Read as PowerShell’s Invoke-RestMethod.',
    'The Authorization header was left out: the session’s token is used.',
    'The header X-Trace was left out: the console sends only its own headers.',
  ]);
  await expect(page.getByLabel('Request preview')).not.toContainText('not.a.token');

  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(answer(page)).toContainText('200 OK');
  const sent = requests.filter((r) => r.url.includes('/api/people/lookup'));
  expect(sent.map((r) => new URL(r.url).search)).toEqual(['?searchText=doe&maxResults=5']);
  expect(sent[0]!.authorization).toBe(`Bearer ${signedIn.token}`);

  // The history's copy, pasted back, fills the same form.
  await page.getByLabel('Path', { exact: true }).fill('auth/getuser');
  await (
    await openLibrary(page, 'History')
  )
    .getByRole('listitem')
    .first()
    .getByRole('button', { name: 'Copy as PowerShell' })
    .click();
  await closeLibrary(page);
  await pasteCommand(page, await clipboard());
  await expect(page.getByLabel('Path', { exact: true })).toHaveValue('people/lookup');
  await expect(page.getByLabel('Value 1')).toHaveValue('doe');
  await expect(page.getByLabel('Value 2')).toHaveValue('5');
});

test('a Postman import names, per request, what it did not bring over', async ({ requestsScreen: page }) => {
  const saved = await openLibrary(page, 'Saved');
  const collection = {
    info: {
      name: 'From a colleague',
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    item: [
      {
        name: 'Create person',
        request: {
          method: 'POST',
          header: [{ key: 'X-Custom', value: '1' }],
          url: '{{baseUrl}}/api/people',
          body: { mode: 'formdata', formdata: [{ key: 'FirstName', value: 'Ann', type: 'text' }] },
        },
      },
      { name: 'Who am I', request: { method: 'GET', url: '{{baseUrl}}/api/auth/getuser' } },
    ],
  };
  await saved.getByLabel('Postman collection file').setInputFiles({
    name: 'colleague.postman_collection.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(collection)),
  });
  const status = saved.getByRole('status');
  await expect(status).toContainText('Imported 2 requests.');
  await expect(status.getByRole('list', { name: 'Not brought over' }).getByRole('listitem')).toHaveText([
    'Create person: the header X-Custom; its form-data body',
  ]);
});

test('a people lookup shows a row per person by name, is searched, and shown pretty or raw', async ({
  requestsScreen: page,
}) => {
  await sendGet(page, 'people/lookup', [
    ['searchText', 'example.edu'],
    ['maxResults', '100'],
  ]);
  // Each item is named by what it shows: the first, the active one, shows its copy button too. Either may be first.
  await expect(
    body(page).getByRole('treeitem', {
      name: /^\d+: Jane Doe · jdoe@example\.edu \d+ keys( Copy \[\d+\])?$/,
    }),
  ).toBeVisible();
  await expect(
    body(page).getByRole('treeitem', {
      name: /^\d+: Alex Smith · asmith@example\.edu \d+ keys( Copy \[\d+\])?$/,
    }),
  ).toBeVisible();
  // Never an index alone: `0: {…} 77 keys`.
  await expect(body(page)).not.toContainText(/\d: \{…\}/);

  await answer(page).getByRole('searchbox', { name: 'Search answer body' }).fill('asmith');
  await expect(answer(page).getByRole('status').filter({ hasText: 'asmith' })).toHaveText(
    /^“asmith” is in 1 of \d+ items\.$/,
  );
  const alex = body(page).getByRole('treeitem', { level: 1 });
  await expect(alex).toHaveCount(1);
  await expect(alex).toHaveAttribute('aria-expanded', 'true');
  await expect(alex.locator('mark').first()).toHaveText('asmith');

  const views = answer(page).getByRole('group', { name: 'Show the body as' });
  await views.getByRole('button', { name: 'Pretty' }).click();
  await expect(answer(page).getByLabel('Answer body, indented')).toContainText('"FullName": "Alex Smith"');
  await views.getByRole('button', { name: 'Raw' }).click();
  await expect(answer(page).getByLabel('Answer body as it came')).toContainText('"FullName":"Alex Smith"');
  await views.getByRole('button', { name: 'Tree' }).click();
  await expect(body(page).getByRole('treeitem', { level: 1 })).toHaveCount(1);
});

test('an answer is downloaded as JSON and as CSV through Blob URLs; the CSV is quoted and runs no formula', async ({
  page,
}) => {
  await signInWithKey(page, '/requests');
  await requireSession(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  const tag = `csv${Date.now()}`;
  // A person whose names a spreadsheet would run as formulas.
  await page.getByLabel('Method').selectOption('POST');
  await page.getByLabel('Path', { exact: true }).fill('people');
  await page.getByLabel('JSON body').fill(
    JSON.stringify({
      FirstName: '=HYPERLINK("http://evil.example","open")',
      LastName: '@SUM(1,2)',
      PrimaryEmail: `${tag}@example.edu`,
      UserName: `${tag}@example.edu`,
    }),
  );
  await sendWrite(page);
  await expect(answer(page)).toContainText('200 OK');

  await sendGet(page, 'people/lookup', [['searchText', tag]]);

  const [json] = await Promise.all([
    page.waitForEvent('download'),
    answer(page).getByRole('button', { name: 'Download JSON' }).click(),
  ]);
  expect(json.url()).toMatch(/^blob:/);
  expect(json.suggestedFilename()).toBe('people-lookup.json');
  const records = JSON.parse(await readFile(await json.path(), 'utf8')) as { UserName: string }[];
  expect(records.map((r) => r.UserName)).toEqual([`${tag}@example.edu`]);

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    answer(page).getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(csv.url()).toMatch(/^blob:/);
  expect(csv.suggestedFilename()).toBe('people-lookup.csv');
  const bytes = await readFile(await csv.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, row, end] = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(end).toBe('');
  const columns = header!.split(',');
  expect(columns.slice(0, 2)).toEqual(['"UID"', '"ReferenceID"']);
  const cells = row!.match(/"(?:[^"]|"")*"/g)!;
  expect(cells).toHaveLength(columns.length);
  const cellOf = (name: string) => cells[columns.indexOf(`"${name}"`)];
  expect(cellOf('FirstName')).toBe(`"'=HYPERLINK(""http://evil.example"",""open"")"`);
  expect(cellOf('LastName')).toBe(`"'@SUM(1,2)"`);
  expect(cellOf('FullName')).toMatch(/^"'=HYPERLINK/);
  expect(cellOf('UserName')).toBe(`"${tag}@example.edu"`);
  // No cell a spreadsheet would run: none starts, inside its quotes, with = + - or @.
  expect(cells.filter((c) => /^"[=+\-@]/.test(c))).toEqual([]);
});

test.describe('an application’s call, on the server replaying recordings', () => {
  test.use({ baseURL: LIMITED_ORIGIN });

  test('its rate meter reads GET {appId}/tickets/{id}, and its download is named tickets-id.json', async ({
    page,
  }, testInfo) => {
    await signInAsOwnCaller(page, testInfo, 171);
    await openRequests(page);
    await page.getByLabel('Path', { exact: true }).fill('30/tickets/12');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(answer(page)).toContainText('200 OK');
    await expect(answer(page).getByRole('meter')).toHaveAccessibleName(
      /^GET \{appId\}\/tickets\/\{id\}: \d+ of \d+ calls left$/,
    );
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      answer(page).getByRole('button', { name: 'Download JSON' }).click(),
    ]);
    expect(json.suggestedFilename()).toBe('tickets-id.json');
  });
});
