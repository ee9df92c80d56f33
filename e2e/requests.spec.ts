import type { Page } from '@playwright/test';
import { EXAMPLE_UNIVERSITY, JDOE, expect, signInViaApi, test } from './fixtures';

const JDOE_UID = 'c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8';

async function openRequests(page: Page) {
  await page.goto('/requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
}

/** Chooses an endpoint from the catalog by a search and its exact `METHOD /path`. */
async function choose(page: Page, search: string, endpoint: string) {
  await page.getByLabel('Search the catalog').fill(search);
  await page.getByRole('button', { name: new RegExp(`^${escape(endpoint)}( Emulated)?$`) }).click();
}

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

const answer = (page: Page) => page.getByRole('region', { name: 'Answer' });
const body = (page: Page) => page.getByLabel('Response body');

test('GET people/{uid}: the path parameter as a field, the answer with its status, time, size, limits and body', async ({
  page,
  signedIn,
  requests,
}) => {
  await openRequests(page);
  await choose(page, 'people/{uid}', 'GET /api/people/{uid}');
  await expect(page.getByLabel('Method')).toHaveValue('GET');
  await expect(page.getByLabel('Path', { exact: true })).toHaveValue('people/{uid}');
  await page.getByLabel('{uid}').fill(JDOE_UID);

  const preview = page.getByLabel('Request preview');
  await expect(preview).toContainText(`GET http://127.0.0.1:`);
  await expect(preview).toContainText(`/TDWebApi/api/people/${JDOE_UID}`);
  await expect(preview).toContainText('Authorization: Bearer <redacted>');
  await expect(preview).not.toContainText(signedIn.token);

  await page.getByRole('button', { name: 'Send' }).click();
  await expect(answer(page)).toContainText('200 OK: the request succeeded.');
  await expect(body(page)).toContainText(`"UserName": "${JDOE.username}"`);
  const facts = answer(page).getByRole('definition');
  await expect(facts.nth(0)).toHaveText(/^\d+ ms$/);
  await expect(facts.nth(1)).toHaveText(/bytes/);
  await expect(facts.nth(2)).toHaveText(/^59 of 60 left; resets at \d{1,2}:\d\d:\d\d/);
  await expect(
    answer(page).getByRole('meter', { name: 'GET people/{id}: 59 of 60 calls left' }),
  ).toBeVisible();
  await answer(page)
    .getByText(/^Response headers/)
    .click();
  await expect(answer(page).getByRole('table', { name: 'Response headers' })).toContainText(
    'x-ratelimit-limit',
  );

  const sent = requests.filter((r) => r.url.includes('/api/people/'));
  expect(sent).toHaveLength(1);
  expect(sent[0]!.authorization).toBe(`Bearer ${signedIn.token}`);
  expect(new URL(sent[0]!.url).pathname).toBe(`/TDWebApi/api/people/${JDOE_UID}`);
});

test('catalog search and fill: a people lookup with query parameters as rows', async ({
  page,
  signedIn,
  requests,
}) => {
  expect(signedIn.username).toBe(JDOE.username);
  await openRequests(page);
  const catalog = page.getByRole('region', { name: 'Catalog' });
  await page.getByLabel('Search the catalog').fill('ticket');
  // Areas by relevance: Tickets first, open, its endpoints listed.
  await expect(catalog.locator('summary').first()).toHaveText(/^Tickets \(\d+\)$/);
  await expect(catalog.getByText('Ticket Statuses')).toBeVisible();
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
  await expect(body(page)).toContainText(JDOE.username);
  const sent = requests.filter((r) => r.url.includes('/api/people/lookup'));
  expect(sent.map((r) => new URL(r.url).search)).toEqual(['?searchText=doe&maxResults=5']);
});

test('an area the emulator does not implement answers not_emulated, shown as it came', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.username).toBe(JDOE.username);
  await openRequests(page);
  await choose(page, 'tickets/{id}', 'GET /api/{appId}/tickets/{id}');
  await page.getByLabel('{appId}').fill('42');
  await page.getByLabel('{id}').fill('1234');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(answer(page)).toContainText('404 Not Found');
  await expect(answer(page).getByRole('alert')).toContainText('Not found. The server said:');
  await expect(body(page)).toContainText('"error": "not_emulated"');
  await expect(body(page)).toContainText('the Tickets area (GET /api/{appId}/tickets/{id})');
  await answer(page).getByRole('button', { name: 'Show details' }).click();
  await expect(answer(page).getByRole('definition').filter({ hasText: 'not_emulated' })).toHaveCount(1);
});

test('a malformed body is refused before sending, with its line and column', async ({
  page,
  signedIn,
  requests,
}) => {
  expect(signedIn.username).toBe(JDOE.username);
  await openRequests(page);
  await choose(page, 'post people', 'POST /api/people');
  await page.getByLabel('JSON body').fill('{\n  "FirstName": "Ann"\n  "LastName": "Lee"\n}');
  const before = requests.length;
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByLabel('JSON body')).toHaveAccessibleDescription(
    'Not valid JSON at line 3, column 3: expected "," or "}", unexpected "\\"".',
  );
  expect(requests.slice(before).filter((r) => r.url.includes('/api/'))).toEqual([]);
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
  await page.goto(`/admin-key?returnTo=${encodeURIComponent('/requests')}`);
  await page.getByLabel('BEID').fill(EXAMPLE_UNIVERSITY.beid);
  await page.getByLabel('WebServicesKey').fill(EXAMPLE_UNIVERSITY.key);
  await page.getByRole('button', { name: 'Sign in with key' }).click();
  await expect(page).toHaveURL('/requests');
  await choose(page, 'post people', 'POST /api/people');
  await page.getByLabel('JSON body').fill(newPerson('admin'));
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(answer(page)).toContainText('200 OK');
  await expect(body(page)).toContainText('"FirstName": "Ann"');

  // The same request with a password session: the 401 is told apart from an ended session by one getuser.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInViaApi(page, JDOE);
  await openRequests(page);
  await choose(page, 'post people', 'POST /api/people');
  await page.getByLabel('JSON body').fill(newPerson('password'));
  const from = requests.length;
  await page.getByRole('button', { name: 'Send' }).click();
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
