import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, seriousViolations } from './fixtures';
import { openRequests, signInAsOwnCaller, test } from './requests-screen';
import { CONTROL_TOKEN, LIMITED_ORIGIN, LIMITED_RATE } from './servers';

// The runner (issue 37): rows from a CSV, the preview before anything goes out, the pace the answers' rate-limit
// headers set, a 429 waited out, the results and their downloads. The second server allows LIMITED_RATE calls of
// a method a minute; its clock and the page's are moved on, never waited for.
test.use({ baseURL: LIMITED_ORIGIN });

const PEOPLE = [
  'c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8',
  'd2b3c4d5-e6f7-4081-92a3-b4c5d6e7f809',
  'e3c4d5e6-f708-4192-a3b4-c5d6e7f8091a',
];
const NOBODY = ['00000000-0000-4000-8000-00000000dead', '00000000-0000-4000-8000-00000000beef'];
const UIDS = [...PEOPLE, ...NOBODY];

/** Moves the second server's clock on by `seconds`: its rate windows end, as a minute's wait would end them. */
async function advanceServer(request: APIRequestContext, seconds: number) {
  const moved = await request.post(`${LIMITED_ORIGIN}/_emulator/clock`, {
    headers: { Authorization: `Bearer ${CONTROL_TOKEN}` },
    data: { advance: `${seconds}s` },
  });
  expect(moved.status()).toBe(200);
}

/** Another client (the same caller) spends the window of GET people/{uid}. */
async function spendWindow(page: Page, token: string) {
  const statuses = await page.evaluate(
    async ({ token, uid, calls }) => {
      const got: number[] = [];
      for (let call = 0; call < calls; call++) {
        const answer = await fetch(`/TDWebApi/api/people/${uid}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        got.push(answer.status);
      }
      return got;
    },
    { token, uid: PEOPLE[0], calls: LIMITED_RATE },
  );
  expect(statuses).toEqual(Array.from({ length: LIMITED_RATE }, () => 200));
}

test.afterEach(async ({ request }) => {
  const back = await request.post(`${LIMITED_ORIGIN}/_emulator/clock`, {
    headers: { Authorization: `Bearer ${CONTROL_TOKEN}` },
    data: { offsetSeconds: 0 },
  });
  expect(back.status()).toBe(200);
});

test('runs GET person by UID over five CSV rows: preview, no confirmation on the emulator, a 429 and a spent window waited out, results', async ({
  page,
  request,
}, testInfo) => {
  // Many steps and an axe audit: more than the default 30 s on a busy machine.
  test.slow();
  const { session } = await signInAsOwnCaller(page, testInfo, 221);
  const people: number[] = [];
  page.on('response', (answer) => {
    if (new URL(answer.url()).pathname.startsWith('/TDWebApi/api/people/')) people.push(answer.status());
  });
  await openRequests(page);
  await page.getByLabel('Method').selectOption('GET');
  await page.getByLabel('Path', { exact: true }).fill('people/{uid}');
  await page.getByLabel('{uid}').fill('{{uid}}');

  const runner = page.getByRole('region', { name: 'Run over rows' });
  await runner.getByRole('radio', { name: 'CSV with a header row' }).check();
  await runner.getByLabel('Rows', { exact: true }).fill(['uid', ...UIDS].join('\n'));
  const preview = runner.getByRole('region', { name: 'Rows preview' });
  await expect(preview.getByRole('heading')).toHaveText('5 rows. The first 3 requests as they will go out:');
  for (const [index, uid] of PEOPLE.entries())
    await expect(preview.getByLabel(`Row ${index + 1} request`)).toHaveText(
      new RegExp(`^GET ${LIMITED_ORIGIN}/TDWebApi/api/people/${uid}\\n`),
    );
  expect(people).toEqual([]);

  // Another client spends the window: the runner's first call meets a 429, its only one.
  await spendWindow(page, session.token);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await runner.getByRole('button', { name: 'Run 5 rows' }).click();
  // This server's emulator is nobody's shared data: the job runs without asking (production asks:
  // write-safety.spec.ts).
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const status = runner.getByRole('status');
  await expect(status).toContainText('0 of 5 rows done');
  await expect(status).toContainText('Waiting for the rate limit');
  await expect(status).toContainText('1 429 met');
  expect(people).toEqual([200, 200, 200, 429]);

  // The window ends on the server; the page's wait (its reset and the margin) ends with it: three rows go.
  await advanceServer(request, 61);
  await page.clock.runFor(63_000);
  await expect(status).toContainText('3 of 5 rows done');
  await expect(status).toContainText('Waiting for the rate limit');
  await expect(status).toContainText(/About 1 min \d+ s left|About \d+ s left/);
  expect(people).toEqual([200, 200, 200, 429, 200, 200, 200]);

  // The spent window (Remaining 0) is waited out without a 429: the last two rows go after its reset.
  await advanceServer(request, 61);
  await page.clock.runFor(63_000);
  await expect(status).toContainText('5 of 5 rows done');
  await expect(status).toContainText('Done');
  expect(people).toEqual([200, 200, 200, 429, 200, 200, 200, 404, 404]);

  const table = runner.getByRole('table', { name: 'Results' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(6);
  const firstRow = rows.nth(1).getByRole('cell');
  await expect(firstRow.nth(0)).toHaveText('1');
  await expect(firstRow.nth(1)).toHaveText(PEOPLE[0]!);
  await expect(firstRow.nth(2)).toHaveText('200');
  await expect(rows.nth(4).getByRole('cell').nth(2)).toHaveText(/^404 /);
  await runner.getByRole('checkbox', { name: 'Failures only' }).check();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).getByRole('cell').first()).toHaveText('4');

  const download = page.waitForEvent('download');
  await runner.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  expect(csv.split('\r\n')[0]).toMatch(/^\uFEFF"Row","uid","Status","Error","Time \(ms\)"/);
  expect(
    csv
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',').slice(0, 3).join(',')),
  ).toEqual([`"4","${NOBODY[0]}","404"`, `"5","${NOBODY[1]}","404"`]);

  // The job taken away: a Python script for the tenant's own address, the CSV's column, and no token.
  const exported = page.waitForEvent('download');
  await runner.getByRole('button', { name: 'Export as Python' }).click();
  const script = await exported;
  expect(script.suggestedFilename()).toBe('job.py');
  const python = await readFile(await script.path(), 'utf8');
  expect(python).toContain(`${LIMITED_ORIGIN}/TDWebApi`);
  expect(python).toContain('/api/people/{{uid}}');
  expect(python).toMatch(/["']uid["']/);
  expect(python).not.toContain(session.token);
  // axe waits on timers: the page's time flows again.
  await page.clock.resume();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a job paused and the page reloaded goes on with the rows not done', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  await signInAsOwnCaller(page, testInfo, 222);
  const people: string[] = [];
  page.on('response', (answer) => {
    const { pathname } = new URL(answer.url());
    if (pathname.startsWith('/TDWebApi/api/people/')) people.push(pathname.split('/').pop()!);
  });
  await openRequests(page);
  await page.getByLabel('Method').selectOption('GET');
  await page.getByLabel('Path', { exact: true }).fill('people/{uid}');
  await page.getByLabel('{uid}').fill('{{uid}}');
  const runner = page.getByRole('region', { name: 'Run over rows' });
  await runner.getByRole('radio', { name: 'CSV with a header row' }).check();
  await runner.getByLabel('Rows', { exact: true }).fill(['uid', ...UIDS].join('\n'));
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await runner.getByRole('button', { name: 'Run 5 rows' }).click();

  // The window is spent after three rows: paused while it waits, the job is kept as it stands.
  const status = runner.getByRole('status');
  await expect(status).toContainText('3 of 5 rows done');
  await expect(status).toContainText('Waiting for the rate limit');
  await runner.getByRole('button', { name: 'Pause' }).click();
  await expect(status).toContainText('Paused');
  expect(people).toEqual(PEOPLE);

  // The screen loads on timers: the page's time flows over the reload, and is held again once it is back.
  await page.clock.resume();
  await page.reload();
  const offer = page.getByRole('alert', { name: 'Job kept from before' });
  await expect(offer).toContainText('GET people/{uid}');
  await expect(offer).toContainText('3 of 5 done');
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await offer.getByRole('button', { name: 'Go on with it' }).click();

  // The new page knows nothing of the spent window: the first call meets a 429, waited out and sent once more.
  await expect(status).toContainText('Waiting for the rate limit');
  await advanceServer(request, 61);
  await page.clock.runFor(63_000);
  await expect(status).toContainText('2 of 2 rows done');
  await expect(status).toContainText('Done');
  // Only the two rows not done went out after the reload; the three done keep their results.
  expect(people.slice(PEOPLE.length)).toEqual([NOBODY[0], NOBODY[0], NOBODY[1]]);
  const rows = runner.getByRole('table', { name: 'Results' }).getByRole('row');
  await expect(rows).toHaveCount(6);
  await expect(rows.nth(1).getByRole('cell').nth(2)).toHaveText('200');
  await expect(rows.nth(5).getByRole('cell').nth(2)).toHaveText(/^404 /);
});
