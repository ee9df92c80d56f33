import type { Page } from '@playwright/test';
import { EMULATOR_SANDBOX } from '../src/lib/connection';
import { JDOE, signInViaApi } from './fixtures';
import { answer, openRequests, test } from './requests-screen';
import { expect } from './fixtures';
import { closeLibrary, openLibrary } from './helpers/library';

// The Requests screen's library (issue 38 items 1, 2 and 4): History that lasts, is searched, reopens and compares
// its answers; Saved asks before replacing and undoes a delete; a URL of the other connection offers its path.

async function lookup(page: Page, searchText: string) {
  await page.getByRole('form', { name: 'Request' }).getByLabel('Method').selectOption('GET');
  await page.getByLabel('Path', { exact: true }).fill(`people/lookup?searchText=${searchText}`);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(answer(page)).toContainText('200 OK');
  const history = await openLibrary(page, 'History');
  await expect(history.getByRole('listitem').first()).toContainText(`searchText=${searchText}`);
  await closeLibrary(page);
}

/** Everything the history's database holds, as text. */
const storedHistory = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('auth-console-history');
        open.onerror = () => reject(new Error('no database'));
        open.onsuccess = () => {
          const tx = open.result.transaction(['entries', 'answers']);
          const entries = tx.objectStore('entries').getAll();
          const answers = tx.objectStore('answers').getAll();
          tx.oncomplete = () => {
            resolve(JSON.stringify([entries.result, answers.result]));
            open.result.close();
          };
        };
      }),
  );

test('History lasts through a reload and a sign-out, shared by the sandbox; searched, reopened, compared, forgotten', async ({
  requestsScreen: page,
  signedIn,
}) => {
  await lookup(page, 'doe');
  await lookup(page, 'smith');
  await page.getByLabel('Path', { exact: true }).fill('people/00000000-0000-0000-0000-000000000000');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(answer(page)).toContainText('404');
  const stored = await storedHistory(page);
  expect(stored).toContain('searchText=doe');
  expect(stored).not.toContain(signedIn.token);

  await page.reload();
  await expect((await openLibrary(page, 'History')).getByRole('listitem')).toHaveCount(3);
  await closeLibrary(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInViaApi(page, JDOE, EMULATOR_SANDBOX);
  await openRequests(page);
  const history = await openLibrary(page, 'History');
  const entries = history.getByRole('listitem');
  await expect(entries).toHaveCount(3);
  await expect(entries.first()).toContainText('This server (emulator)');

  // Searched by status, method and text: the path, and the kept answer.
  await history.getByLabel('Status').fill('4xx');
  await expect(entries).toHaveCount(1);
  await history.getByLabel('Status').fill('');
  await history.getByLabel('Verb').selectOption('POST');
  await expect(entries).toHaveCount(0);
  await history.getByLabel('Verb').selectOption('any');
  await history.getByLabel('Path, body or answer text').fill('asmith@example.edu');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('searchText=smith');
  await history.getByLabel('Path, body or answer text').fill('');
  await expect(entries).toHaveCount(3);

  // An old answer reopened.
  const doe = history.getByRole('listitem', { name: 'GET /api/people/lookup?searchText=doe' });
  await doe.getByRole('button', { name: 'Open the answer' }).click();
  const kept = history.getByRole('region', { name: 'Kept answer' });
  await expect(kept).toContainText('HTTP 200');
  await expect(kept.getByRole('tree', { name: 'Answer body' })).toContainText('jdoe@example.edu');
  await kept.getByRole('button', { name: 'Close' }).click();

  // Two answers side by side, their differences marked.
  await doe.getByLabel('Compare').check();
  await history
    .getByRole('listitem', { name: 'GET /api/people/lookup?searchText=smith' })
    .getByLabel('Compare')
    .check();
  const compared = history.getByRole('region', { name: 'Answers compared' });
  const differences = compared.getByRole('table', { name: 'Differences' });
  await expect(differences).toBeVisible();
  await expect(differences.getByRole('row', { name: /\$\[0\]\.UserName/ })).toContainText('jdoe@example.edu');
  await expect(differences.getByRole('row', { name: /\$\[0\]\.UserName/ })).toContainText(
    'asmith@example.edu',
  );

  await history.getByRole('button', { name: 'Forget history' }).click();
  await expect(history).toContainText('Nothing sent yet from this browser for this organization.');
  await page.reload();
  await expect(await openLibrary(page, 'History')).toContainText(
    'Nothing sent yet from this browser for this organization.',
  );
});

test('saving over a saved request asks: replace or keep both; a delete can be undone; the sandbox shares them', async ({
  requestsScreen: page,
}) => {
  await page.getByLabel('Path', { exact: true }).fill('people/lookup');
  const saved = await openLibrary(page, 'Saved');
  const name = saved.getByLabel('Name to save the form as');
  await name.fill('Person by UID');
  await saved.getByRole('button', { name: 'Save the form' }).click();
  await expect(saved.getByRole('status')).toHaveText('Saved “Person by UID”.');

  await closeLibrary(page);
  await page.getByLabel('Path', { exact: true }).fill('auth/getuser');
  await openLibrary(page, 'Saved');
  await saved.getByRole('button', { name: 'Save the form' }).click();
  const asking = page.getByRole('dialog', { name: 'Replace “Person by UID”?' });
  await asking.getByRole('button', { name: 'Keep both' }).click();
  await expect(saved.getByRole('listitem')).toHaveCount(2);
  await expect(saved.getByRole('listitem', { name: 'Person by UID (2)' })).toContainText(
    'GET /api/auth/getuser',
  );

  await name.fill('Person by UID');
  await page.keyboard.press('Control+s');
  await asking.getByRole('button', { name: 'Replace' }).click();
  await expect(saved.getByRole('status')).toHaveText('Replaced “Person by UID”.');
  await expect(saved.getByRole('listitem', { name: 'Person by UID', exact: true })).toContainText(
    'GET /api/auth/getuser',
  );

  await saved
    .getByRole('listitem', { name: 'Person by UID', exact: true })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('alert').filter({ hasText: 'Deleted “Person by UID”.' })).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(saved.getByRole('listitem')).toHaveCount(2);
  await expect(saved.getByRole('listitem').first()).toHaveAccessibleName('Person by UID');
  await page.reload();
  await expect((await openLibrary(page, 'Saved')).getByRole('listitem')).toHaveCount(2);
  await closeLibrary(page);

  // The organization's sandbox shares them.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInViaApi(page, JDOE, EMULATOR_SANDBOX);
  await openRequests(page);
  await openLibrary(page, 'Saved');
  await expect(saved.getByRole('listitem')).toHaveCount(2);
  await saved.getByLabel('Search saved requests').fill('(2)');
  await expect(saved.getByRole('listitem')).toHaveCount(1);
});

test('a sandbox URL in a production session offers its path on this connection', async ({
  requestsScreen: page,
  context,
  requests,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const origin = new URL(page.url()).origin;
  const path = page.getByLabel('Path', { exact: true });
  await page.evaluate(
    (t) => navigator.clipboard.writeText(t),
    `${origin}/SBTDWebApi/api/people/lookup?searchText=doe`,
  );
  await path.click();
  await path.press('Control+A');
  await path.press('Control+V');
  await expect(path).toHaveAccessibleDescription(/^That URL is for .*\/SBTDWebApi, but this session/);
  await page.getByRole('button', { name: 'Use /api/people/lookup on this connection' }).click();
  await expect(path).toHaveValue('people/lookup');
  await expect(page.getByLabel('Value 1')).toHaveValue('doe');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(answer(page)).toContainText('200 OK');
  expect(
    requests.filter((r) => r.url.includes('/api/people/lookup')).map((r) => new URL(r.url).pathname),
  ).toEqual(['/TDWebApi/api/people/lookup']);
});
