import type { Page } from '@playwright/test';
import { JDOE, expect, test } from './fixtures';

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
