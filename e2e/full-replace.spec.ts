import type { APIRequestContext } from '@playwright/test';
import { EXAMPLE_UNIVERSITY, expect, seriousViolations } from './fixtures';
import { choose, sendWrite, test } from './requests-screen';

// Issue 37 item 14: an edit that replaces the whole record, made as "load, change, send", keeps what it does not
// change. The person is made for the test (by the emulator's admin key), so no other spec sees it changed.

async function newPerson(request: APIRequestContext, tag: string): Promise<{ UID: string }> {
  const login = await request.post('/TDWebApi/api/auth/loginadmin', {
    data: { BEID: EXAMPLE_UNIVERSITY.beid, WebServicesKey: EXAMPLE_UNIVERSITY.key },
  });
  const token = (await login.text()).trim();
  const created = await request.post('/TDWebApi/api/people', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      FirstName: 'Whole',
      LastName: `Edit ${tag}`,
      PrimaryEmail: `whole-${tag}@example.edu`,
      Company: 'Acme',
      Title: 'Analyst',
      WorkPhone: '555-0100',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return (await created.json()) as { UID: string };
}

test('load, change, send: the diff is shown before sending, and the person keeps every other field', async ({
  requestsScreen: page,
  request,
  signedIn,
}) => {
  const { UID } = await newPerson(request, `${Date.now()}`);
  await choose(page, 'people/{uid}', 'POST /api/people/{uid}');
  await page.getByLabel('{uid}').fill(UID);
  const panel = page.getByRole('region', { name: 'Load, change, send' });
  await expect(panel).toContainText('replaces the whole record');
  await page.getByLabel('JSON body').fill('{"Title": "Lead analyst"}');

  await panel.getByRole('button', { name: 'Load the record and show the changes' }).click();
  const diff = panel.getByRole('table', { name: 'What sending changes' });
  await expect(diff.getByRole('row')).toHaveCount(2);
  await expect(diff.getByRole('row').nth(1)).toHaveText('Title"Analyst""Lead analyst"');

  await panel.getByRole('button', { name: 'Put the whole record in the body' }).click();
  const bodyText = JSON.parse(await page.getByLabel('JSON body').inputValue()) as Record<string, unknown>;
  expect(bodyText).toMatchObject({ UID, Title: 'Lead analyst', Company: 'Acme', WorkPhone: '555-0100' });
  await expect(diff).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await sendWrite(page, 'POST');
  await expect(page.getByRole('region', { name: 'Answer' })).toContainText('200 OK');

  const after = await request.get(`/TDWebApi/api/people/${UID}`, {
    headers: { Authorization: `Bearer ${signedIn.token}` },
  });
  expect(await after.json()).toMatchObject({
    Title: 'Lead analyst',
    Company: 'Acme',
    WorkPhone: '555-0100',
    FirstName: 'Whole',
    IsActive: true,
  });

  // The same change as a JSON Patch: the form takes the PATCH and the patch, and Send sends it.
  await page.getByLabel('JSON body').fill('{"Company": "Acme Labs"}');
  await panel.getByRole('button', { name: 'Load the record and show the changes' }).click();
  await expect(diff.getByRole('row').nth(1)).toHaveText('Company"Acme""Acme Labs"');
  await panel.getByRole('button', { name: 'Use a JSON Patch instead' }).click();
  expect(JSON.parse(await page.getByLabel('JSON body').inputValue())).toEqual([
    { op: 'add', path: '/Company', value: 'Acme Labs' },
  ]);
  await sendWrite(page, 'PATCH');
  await expect(page.getByRole('region', { name: 'Answer' })).toContainText('200 OK');
  const patched = await request.get(`/TDWebApi/api/people/${UID}`, {
    headers: { Authorization: `Bearer ${signedIn.token}` },
  });
  expect(await patched.json()).toMatchObject({
    Title: 'Lead analyst',
    Company: 'Acme Labs',
    WorkPhone: '555-0100',
  });
});
