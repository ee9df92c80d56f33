import type { Page } from '@playwright/test';
import { JDOE, expect, seriousViolations, signInWithForm } from './fixtures';
import { withTenantServers } from './tenant-servers';
import { answer, choose } from './requests-screen';

// Issue 38 items 8-12: on a tenant's production connection the console asks before a write, and only then; it
// shows what will be written; production is marked; confirmations turned off are in sight and can be turned on.

const PRODUCTION = 'Example University';

/** Production is a relayed tenant: the shared main server's emulator never asks. */
const test = withTenantServers([{ name: 'example', label: PRODUCTION, base: '/TDWebApi' }]);

const pathOf = (url: string) => new URL(url).pathname;
const production = (page: Page) => page.getByText('Production', { exact: true });
const asked = (page: Page, method = 'POST') => page.getByRole('dialog', { name: `Send this ${method}?` });

/** A person to create, with a secret among its fields and more lines than the dialog shows. */
const PERSON = JSON.stringify(
  {
    FirstName: 'Ann',
    LastName: 'Lee',
    PrimaryEmail: 'ann.lee@example.edu',
    UserName: 'ann.lee@example.edu',
    Password: 'hunter2-never-shown',
    TypeID: 1,
    IsActive: true,
    Company: 'Example University',
    Title: 'Registrar',
    WorkPhone: '555-0100',
  },
  null,
  2,
);

test('on production: searches go at once, writes ask showing their body masked; “don’t ask again” shows and can be undone', async ({
  page,
  requests,
}) => {
  // One person's whole path through the safety, with two servers of its own and two axe runs.
  test.slow();
  await page.goto('/sign-in?returnTo=%2Frequests');
  await page.getByLabel('Connection').selectOption({ label: PRODUCTION });
  // Marked before anything is sent to it.
  await expect(production(page)).toBeVisible();
  await signInWithForm(page, JDOE);
  await expect(page).toHaveURL('/requests');
  await expect(page.getByRole('banner').getByText('Production', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText('Production', { exact: true })).toBeVisible();
  const sent = (from: number) =>
    requests
      .slice(from)
      .filter((r) => pathOf(r.url).startsWith('/relay/example/api/') && !r.url.endsWith('/getuser'))
      .map((r) => `${r.method} ${pathOf(r.url)}`);

  // A search is sent by POST, and reads: it never asks.
  await choose(page, 'find tickets', 'POST /api/{appId}/tickets/search');
  await page.getByLabel('{appId}', { exact: true }).fill('31');
  let from = requests.length;
  await page.getByRole('button', { name: 'Send POST', exact: true }).click();
  await expect(answer(page)).toContainText('404 Not Found');
  await expect(asked(page)).toHaveCount(0);
  expect(sent(from)).toEqual(['POST /relay/example/api/31/tickets/search']);

  // A write asks, naming the connection, the operation and the body's first lines, its secret masked.
  await choose(page, 'post people', 'POST /api/people');
  await page.getByLabel('JSON body').fill(PERSON);
  from = requests.length;
  await page.getByRole('button', { name: 'Send POST', exact: true }).click();
  const dialog = asked(page);
  await expect(dialog).toContainText('This connection is production: the request can change its data.');
  await expect(dialog.getByText('Production', { exact: true })).toBeVisible();
  await expect(dialog).toContainText(`ConnectionProduction ${PRODUCTION}`);
  await expect(dialog).toContainText('RequestPOST /api/people');
  await expect(dialog).toContainText('OperationCreate a person: a user or a customer');
  await expect(dialog).toContainText('"FirstName": "Ann"');
  await expect(dialog).toContainText('"Password": "<redacted>"');
  await expect(dialog).not.toContainText('hunter2');
  await expect(dialog).not.toContainText('WorkPhone');
  await expect(dialog).toContainText('…and 4 more lines');
  // The pointer that pressed Send rests over the dialog's Cancel: its hover tint (MUI's own, 4.38:1) is not the
  // dialog's colours.
  await page.mouse.move(0, 0);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // A path the catalog lacks, sent with a write method, asks too; the Send button names the method left selected.
  await page.getByLabel('Method').selectOption('PUT');
  await page.getByLabel('Path', { exact: true }).fill('no/such/operation');
  await page.getByRole('button', { name: 'Send PUT', exact: true }).click();
  await expect(asked(page, 'PUT')).toContainText('OperationNot in the catalog');
  await page.keyboard.press('Escape');
  await expect(asked(page, 'PUT')).toHaveCount(0);
  expect(sent(from)).toEqual([]);

  // Yes, and not again: the form says confirmations are off, with a switch to turn them back on.
  await choose(page, 'post people', 'POST /api/people');
  await page.getByLabel('JSON body').fill(PERSON);
  const ask = page.getByRole('switch', { name: 'Ask before sending a write to this connection' });
  await expect(ask).toBeChecked();
  await page.getByRole('button', { name: 'Send POST', exact: true }).click();
  await dialog.getByLabel('Don’t ask again for this connection in this session').check();
  await dialog.getByRole('button', { name: 'Send POST' }).click();
  await expect(answer(page)).toContainText('401 Unauthorized');
  await expect(ask).not.toBeChecked();
  const off = page.getByRole('status').filter({ hasText: 'Confirmations are off for this connection' });
  await expect(off).toBeVisible();
  await page.getByRole('button', { name: 'Send POST', exact: true }).click();
  await expect
    .poll(() => sent(from))
    .toEqual(['POST /relay/example/api/people', 'POST /relay/example/api/people']);
  await expect(dialog).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // On again: the next write asks.
  await ask.check();
  await expect(off).toHaveCount(0);
  await page.getByRole('button', { name: 'Send POST', exact: true }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(sent(from)).toHaveLength(2);
});

test('on production: a job over rows asks once, naming the connection, the operation, the rows and the first request', async ({
  page,
  requests,
}) => {
  await page.goto('/sign-in?returnTo=%2Frequests');
  await page.getByLabel('Connection').selectOption({ label: PRODUCTION });
  await signInWithForm(page, JDOE);
  await expect(page).toHaveURL('/requests');
  await page.getByLabel('Method').selectOption('GET');
  await page.getByLabel('Path', { exact: true }).fill('people/{uid}');
  await page.getByLabel('{uid}').fill('{{uid}}');
  const runner = page.getByRole('region', { name: 'Run over rows' });
  await runner.getByRole('radio', { name: 'CSV with a header row' }).check();
  await runner.getByLabel('Rows', { exact: true }).fill('uid\nfirst-row-uid\nsecond-row-uid');
  const from = requests.length;
  await runner.getByRole('button', { name: 'Run 2 rows' }).click();
  const confirm = page.getByRole('dialog', { name: 'Run 2 rows on this connection?' });
  await expect(confirm).toContainText('This connection is production');
  await expect(confirm).toContainText(PRODUCTION);
  await expect(confirm).toContainText('GET people/{uid}');
  await expect(confirm).toContainText('GET /api/people/first-row-uid');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  expect(requests.slice(from).filter((r) => new URL(r.url).pathname.includes('/api/people/'))).toEqual([]);
});
