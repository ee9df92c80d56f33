import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { JDOE, expect } from './fixtures';
import { answer, body, test } from './requests-screen';
import { closeLibrary, openLibrary } from './helpers/library';

// Issue 37 items 1-5 and issue 38 item 13: variables per organization, from an answer, never sent unresolved,
// secret-named ones in the tab only, and through Postman.

const JDOE_UID = 'c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8';
const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

const panel = (page: Page) => page.getByRole('region', { name: 'Variables' });
const peopleCalls = (requests: { url: string }[]) =>
  requests
    .filter((r) => new URL(r.url).pathname.startsWith('/TDWebApi/api/people/'))
    .map((r) => new URL(r.url).pathname);

async function addVariable(page: Page, name: string, value: string) {
  await panel(page).getByLabel('Variable name').fill(name);
  await panel(page).getByLabel('Variable value').fill(value);
  await panel(page).getByRole('button', { name: 'Add variable' }).click();
  await expect(panel(page).getByRole('status')).toContainText(`Added {{${name}}}.`);
}

/** Everything this origin keeps: localStorage, and every IndexedDB database's every record. */
async function everythingStored(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const records: unknown[] = [{ ...localStorage }];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(new Error(`cannot open ${name}`));
      });
      for (const store of db.objectStoreNames)
        records.push(
          await new Promise((resolve) => {
            const all = db.transaction(store).objectStore(store).getAll();
            all.onsuccess = () => resolve(all.result);
          }),
        );
      db.close();
    }
    return JSON.stringify(records);
  });
}

test('a variable in the path is sent resolved; one with no value stops Send and is named; so is <redacted>', async ({
  requestsScreen: page,
  requests,
}) => {
  await addVariable(page, 'personUid', JDOE_UID);
  const path = page.getByLabel('Path', { exact: true });
  await path.fill('people/{{personUid}}');
  await expect(page.getByRole('region', { name: 'Request' })).toContainText(`/api/people/${JDOE_UID}`);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(answer(page)).toContainText('200 OK');
  expect(peopleCalls(requests)).toEqual([`/TDWebApi/api/people/${JDOE_UID}`]);

  await path.fill('people/{{otherUid}}');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(path).toHaveAccessibleDescription(
    /\{\{otherUid\}\}, which has no value: add it under Variables/,
  );
  await path.fill('people/%3Credacted%3E');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(path).toHaveAccessibleDescription(
    /The path holds <redacted>, the console’s mark for a secret/,
  );
  expect(peopleCalls(requests)).toHaveLength(1);
});

test('any value of an answer becomes a variable in one click, and its plain copy has no JSON quotes', async ({
  requestsScreen: page,
  requests,
  clipboard,
}) => {
  await page.getByLabel('Path', { exact: true }).fill('auth/getuser');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(answer(page)).toContainText('200 OK');
  const uid = body(page).getByRole('treeitem', { name: /^UID: / });
  await uid.hover();
  await uid.getByRole('button', { name: 'Copy UID' }).click();
  expect(await clipboard()).toBe(JDOE_UID);
  await uid.getByRole('button', { name: 'Use as variable: UID' }).click();
  const dialog = page.getByRole('dialog', { name: 'Use as variable' });
  await expect(dialog.getByLabel('Variable name')).toHaveValue('UID');
  await dialog.getByLabel('Variable name').fill('myUid');
  await dialog.getByRole('button', { name: 'Keep the variable' }).click();
  await expect(panel(page).getByRole('listitem', { name: 'myUid' })).toContainText(JDOE_UID);

  await page.getByLabel('Path', { exact: true }).fill('people/{{myUid}}');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(answer(page)).toContainText('200 OK');
  expect(peopleCalls(requests)).toEqual([`/TDWebApi/api/people/${JDOE_UID}`]);
});

test('a secret-named variable is used in the tab, never stored, and gone after a reload', async ({
  requestsScreen: page,
  requests,
}) => {
  const secret = JDOE.password;
  await addVariable(page, 'userPassword', secret);
  await expect(panel(page).getByRole('status')).toContainText('kept in this tab only');
  await addVariable(page, 'userName', JDOE.username);
  await page.getByLabel('Path', { exact: true }).fill('auth/login');
  await page.getByLabel('Method').selectOption('POST');
  await page.getByLabel('JSON body').fill('{"username": "{{userName}}", "password": "{{userPassword}}"}');
  await expect(page.getByRole('region', { name: 'Request' })).not.toContainText(secret);
  await page.getByRole('button', { name: 'Send POST', exact: true }).click();
  // This server's emulator never asks before a write (and a sign-in call reads).
  await expect(answer(page)).toContainText('200 OK');
  expect(requests.filter((r) => r.url.endsWith('/api/auth/login'))).toHaveLength(1);
  expect(await everythingStored(page)).not.toContain(secret);

  await page.reload();
  await expect(panel(page).getByRole('listitem', { name: 'userName' })).toBeVisible();
  await expect(panel(page).getByRole('listitem', { name: 'userPassword' })).toHaveCount(0);
  expect(await everythingStored(page)).not.toContain(secret);
  // History keeps the body as written, `{{userPassword}}` a reference and no value; the variables keep no such name.
  const variables = await page.evaluate(() => localStorage.getItem('auth-console.variables') ?? '');
  expect(variables).toContain('userName');
  expect(variables).not.toContain('userPassword');
});

test('Postman: export writes the variables with secret-named values empty; import brings them back, an environment’s too', async ({
  requestsScreen: page,
}) => {
  await addVariable(page, 'appId', '31');
  await addVariable(page, 'apiKey', 'k-very-secret');
  await page.getByLabel('Path', { exact: true }).fill('{{appId}}/tickets/{{ticketId}}');
  const saved = await openLibrary(page, 'Saved');
  await saved.getByLabel('Name to save the form as').fill('A ticket');
  await saved.getByRole('button', { name: 'Save the form' }).click();
  const [exported] = await Promise.all([
    page.waitForEvent('download'),
    saved.getByRole('button', { name: 'Export as a Postman collection' }).click(),
  ]);
  const text = await readFile(await exported.path(), 'utf8');
  expect(text).not.toContain('k-very-secret');
  const collection = JSON.parse(text) as { info: { schema: string }; variable: unknown[] };
  expect(collection.info.schema).toBe(POSTMAN_SCHEMA);
  expect(collection.variable).toEqual(
    expect.arrayContaining([
      { key: 'appId', value: '31' },
      { key: 'apiKey', value: '' },
    ]),
  );

  await saved.getByRole('listitem', { name: 'A ticket' }).getByRole('button', { name: 'Delete' }).click();
  await closeLibrary(page);
  await panel(page).getByRole('button', { name: 'Delete appId' }).click();
  await openLibrary(page, 'Saved');
  const environment = {
    name: 'Sandbox',
    _postman_variable_scope: 'environment',
    values: [{ key: 'ticketId', value: '7', enabled: true }],
  };
  await saved.getByLabel('Postman collection file').setInputFiles([
    { name: 'a.postman_collection.json', mimeType: 'application/json', buffer: Buffer.from(text) },
    {
      name: 'sandbox.postman_environment.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(environment)),
    },
  ]);
  await expect(saved.getByRole('status')).toContainText('Imported 1 request and 2 variables.');
  await saved.getByRole('listitem', { name: 'A ticket' }).getByRole('button', { name: 'Load' }).click();
  await expect(panel(page).getByRole('listitem', { name: 'appId' })).toContainText('31');
  await expect(panel(page).getByRole('listitem', { name: 'ticketId' })).toContainText('7');
  await expect(page.getByLabel('Path', { exact: true })).toHaveValue('{{appId}}/tickets/{{ticketId}}');
  await expect(page.getByRole('region', { name: 'Request' })).toContainText('/api/31/tickets/7');
});
