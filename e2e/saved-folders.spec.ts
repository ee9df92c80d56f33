import { readFile } from 'node:fs/promises';
import { expect, seriousViolations } from './fixtures';
import { test } from './requests-screen';
import { openLibrary } from './helpers/library';

const SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
const request = (name: string, path: string) => ({
  name,
  request: { method: 'GET', url: `{{baseUrl}}/api/${path}` },
});

test('a collection’s folders are kept: grouped in Saved, searched across, and exported nested', async ({
  requestsScreen: page,
}) => {
  const collection = {
    info: { name: 'Helpdesk', schema: SCHEMA },
    item: [
      request('Who am I', 'auth/getuser'),
      {
        name: 'People',
        item: [
          request('Find people', 'people/lookup'),
          { name: 'Groups', item: [request('Find groups', 'groups')] },
        ],
      },
    ],
  };
  const saved = await openLibrary(page, 'Saved');
  await saved.getByLabel('Postman collection file').setInputFiles({
    name: 'helpdesk.postman_collection.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(collection)),
  });
  await expect(saved.getByRole('status')).toContainText('Imported 3 requests.');
  await expect(saved.getByRole('list', { name: 'People', exact: true }).getByRole('listitem')).toHaveText(
    /Find people/,
  );
  const groups = saved.getByRole('list', { name: 'People / Groups' });
  await expect(groups.getByRole('listitem', { name: 'Find groups' })).toBeVisible();

  // Closed with the keyboard; a search opens what it finds, across folders.
  const toggle = saved.getByRole('button', { name: 'People / Groups (1)' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(groups).toBeHidden();
  expect(await seriousViolations(page, { alsoRules: ['label-content-name-mismatch'] })).toEqual([]);
  await saved.getByLabel('Search saved requests').fill('find');
  await expect(saved.getByRole('listitem', { name: 'Find groups' })).toBeVisible();
  await expect(saved.getByRole('listitem', { name: 'Find people' })).toBeVisible();
  await expect(saved.getByRole('listitem', { name: 'Who am I' })).toBeHidden();

  // A load closes the drawer; opened again, the name and folder are the loaded request's.
  await saved.getByRole('listitem', { name: 'Find groups' }).getByRole('button', { name: 'Load' }).click();
  await expect(page.getByRole('dialog', { name: 'Library' })).toBeHidden();
  await openLibrary(page, 'Saved');
  await expect(saved.getByLabel('Folder', { exact: true })).toHaveValue('People / Groups');

  const [exported] = await Promise.all([
    page.waitForEvent('download'),
    saved.getByRole('button', { name: 'Export as a Postman collection' }).click(),
  ]);
  const written = JSON.parse(await readFile(await exported.path(), 'utf8')) as { item: unknown[] };
  const shape = (items: unknown[]): unknown[] =>
    items.map((it) => {
      const i = it as { name: string; item?: unknown[] };
      return i.item ? { [i.name]: shape(i.item) } : i.name;
    });
  expect(shape(written.item)).toEqual(['Who am I', { People: ['Find people', { Groups: ['Find groups'] }] }]);
});
