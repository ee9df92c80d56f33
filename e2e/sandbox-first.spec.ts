import type { Page } from '@playwright/test';
import type { TestServer } from '../server/testing/start-server.ts';
import { JDOE, expect, seriousViolations, signInWithForm, storedSession } from './fixtures';
import { withTenantServers } from './tenant-servers';

// Issue 37 item 8: on a tenant's production connection, a job may run its first rows on the organization's
// sandbox first and stop there for a look. The session holds one token for one connection: the sandbox is signed
// in for its rows, production for its own.

const PRODUCTION = 'Example University';
const SANDBOX = 'Example University (sandbox)';

const test = withTenantServers([
  { name: 'example', label: PRODUCTION, base: '/TDWebApi' },
  { name: 'example-sb', label: SANDBOX, base: '/SBTDWebApi' },
]);

const UIDS = [
  'c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8',
  'd2b3c4d5-e6f7-4081-92a3-b4c5d6e7f809',
  'e3c4d5e6-f708-4192-a3b4-c5d6e7f8091a',
];

/** The people calls the tenant received, in order, from its own request log (which folds IDs to `:id`). */
const reached = (tenant: TestServer) =>
  tenant.requests.filter((r) => r.path.includes('/api/people/')).map((r) => r.path);

/** The session's token, once the session is on `connection` (the relay's id for it). */
async function tokenOn(page: Page, connection: string): Promise<string> {
  const session = await storedSession(page);
  expect(session?.connection.id).toBe(connection);
  return session!.token;
}

test('on production, the first rows run on the sandbox first, stop for a look, then every row runs on production', async ({
  page,
  servers: { tenant },
  requests,
}) => {
  // Three sign-ins, a reload and an axe run.
  test.slow();
  await page.goto('/sign-in?returnTo=%2Frequests');
  await page.getByLabel('Connection').selectOption({ label: PRODUCTION });
  await signInWithForm(page, JDOE);
  await expect(page).toHaveURL('/requests');
  const productionToken = await tokenOn(page, 'relay:example');
  await page.getByLabel('Method').selectOption('GET');
  await page.getByLabel('Path', { exact: true }).fill('people/{uid}');
  await page.getByLabel('{uid}').fill('{{uid}}');
  const runner = page.getByRole('region', { name: 'Run over rows' });
  await runner.getByRole('radio', { name: 'CSV with a header row' }).check();
  await runner.getByLabel('Rows', { exact: true }).fill(['uid', ...UIDS].join('\n'));
  await runner.getByRole('button', { name: 'Run 3 rows' }).click();

  // The production confirmation offers the trial, off unless chosen; its number of rows is checked.
  const confirm = page.getByRole('dialog', { name: 'Run 3 rows on this connection?' });
  const option = confirm.getByRole('checkbox', { name: `Run the first 3 rows on ${SANDBOX} first` });
  await expect(option).not.toBeChecked();
  await option.check();
  const rows = confirm.getByLabel('Rows to run on the sandbox first');
  await expect(rows).toHaveValue('3');
  await rows.fill('9');
  await expect(confirm).toContainText('Enter a whole number of rows from 1 to 3, the job’s rows.');
  await expect(confirm.getByRole('button', { name: 'Run on the sandbox first' })).toBeDisabled();
  await rows.fill('2');
  await expect(
    confirm.getByRole('checkbox', { name: `Run the first 2 rows on ${SANDBOX} first` }),
  ).toBeChecked();
  await confirm.getByRole('button', { name: 'Run on the sandbox first' }).click();

  // Kept, and nothing sent: the sandbox is signed in first.
  const step = page.getByRole('alert', { name: 'Sandbox first' });
  await expect(step).toContainText(
    `The job is kept. Its first 2 rows run on ${SANDBOX} first: sign in there.`,
  );
  expect(reached(tenant)).toEqual([]);
  // The tenant's tokens name the second they were issued: each sign-in's token is its own.
  tenant.clock.advance(5000);
  await step.getByRole('button', { name: `Sign in to ${SANDBOX}` }).click();
  await expect(page.getByLabel('Connection').locator('option:checked')).toHaveText(SANDBOX);
  await signInWithForm(page, JDOE);
  await expect(page).toHaveURL('/requests');
  const sandboxToken = await tokenOn(page, 'relay:example-sb');
  expect(sandboxToken).not.toBe(productionToken);
  await step.getByRole('button', { name: `Run the first 2 rows on ${SANDBOX}` }).click();

  // The first two rows reach the sandbox, and the job stops there.
  const status = runner.getByRole('status');
  await expect(status).toContainText('2 of 2 rows done');
  await expect(step).toContainText(
    `The first 2 rows ran on ${SANDBOX}. Look at the results below: nothing has run on ${PRODUCTION} yet.`,
  );
  expect(reached(tenant)).toEqual(['/SBTDWebApi/api/people/:id', '/SBTDWebApi/api/people/:id']);
  const sandboxTable = runner.getByRole('table', { name: `Sandbox results (${SANDBOX})` });
  await expect(sandboxTable.getByRole('row')).toHaveCount(3);

  // A reload keeps the job at its step.
  await page.reload();
  await page
    .getByRole('alert', { name: 'Job kept from before' })
    .getByRole('button', { name: 'Go on with it' })
    .click();
  await expect(step).toContainText(`The first 2 rows ran on ${SANDBOX}.`);
  expect(reached(tenant)).toHaveLength(2);

  // On to production: signed in there, confirmed again (without the option), every row goes.
  await step.getByRole('button', { name: `Go on on ${PRODUCTION}` }).click();
  await expect(step).toContainText(`To run all 3 rows on ${PRODUCTION}, sign in there.`);
  await expect(sandboxTable.getByRole('row')).toHaveCount(3);
  tenant.clock.advance(5000);
  await step.getByRole('button', { name: `Sign in to ${PRODUCTION}` }).click();
  await signInWithForm(page, JDOE);
  await expect(page).toHaveURL('/requests');
  const secondProductionToken = await tokenOn(page, 'relay:example');
  expect(new Set([productionToken, sandboxToken, secondProductionToken]).size).toBe(3);
  await step.getByRole('button', { name: `Run all 3 rows on ${PRODUCTION}` }).click();
  await expect(confirm).toContainText(PRODUCTION);
  await expect(confirm.getByRole('checkbox')).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Run 3 rows' }).click();
  await expect(status).toContainText('3 of 3 rows done');
  expect(reached(tenant)).toEqual([
    ...Array.from({ length: 2 }, () => '/SBTDWebApi/api/people/:id'),
    ...Array.from({ length: 3 }, () => '/TDWebApi/api/people/:id'),
  ]);
  // The sandbox's rows stay in sight, marked as the sandbox's, beside production's.
  await expect(sandboxTable.getByRole('row')).toHaveCount(3);
  await expect(runner.getByRole('table', { name: 'Results', exact: true }).getByRole('row')).toHaveCount(4);

  // Which rows went where, and each connection's calls with its own session's token, never another's.
  const people = requests.filter((r) => r.url.includes('/api/people/'));
  expect(people.map((r) => [new URL(r.url).pathname, r.authorization])).toEqual([
    ...UIDS.slice(0, 2).map((uid) => [`/relay/example-sb/api/people/${uid}`, `Bearer ${sandboxToken}`]),
    ...UIDS.map((uid) => [`/relay/example/api/people/${uid}`, `Bearer ${secondProductionToken}`]),
  ]);
  expect(await seriousViolations(page)).toEqual([]);
});
