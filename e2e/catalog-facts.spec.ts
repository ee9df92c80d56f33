import { expect } from './fixtures';
import { choose, test } from './requests-screen';

// Issue 38 item 14: the catalog says what each operation does and its documented limit, finds it in an
// administrator's words, and starts the common bodies from a skeleton whose required fields are named.

test('the catalog explains its operations, finds them by their summaries, and starts a body from its skeleton', async ({
  requestsScreen: page,
}) => {
  const search = page.getByLabel('Search the catalog');
  await search.fill('deactivate person');
  await expect(
    page.getByRole('button', { name: 'PUT /api/people/{uid}/isactive' }),
  ).toHaveAccessibleDescription('Activate or deactivate a person · Limit not documented');
  await search.fill('edit ticket');
  await expect(
    page.getByRole('button', { name: 'POST /api/{appId}/tickets/{id}', exact: true }),
  ).toBeVisible();
  await search.fill('add comment');
  await expect(page.getByRole('button', { name: 'POST /api/{appId}/assets/{id}/feed' })).toBeVisible();
  await search.fill('read one ticket');
  await expect(
    page.getByRole('button', { name: 'GET /api/{appId}/tickets/{id}', exact: true }),
  ).toHaveAccessibleDescription(
    'Read one ticket in full, with custom attributes and attachments · 60 calls a minute per IP address',
  );

  const body = page.getByLabel('JSON body');
  await choose(page, 'create ticket', 'POST /api/{appId}/tickets');
  expect(JSON.parse(await body.inputValue())).toMatchObject({ TypeID: 0, Title: '' });
  await expect(body).toHaveAccessibleDescription(
    /Required fields: TypeID, Title\. An edit also needs PriorityID/,
  );
  await choose(page, 'find people', 'POST /api/people/search');
  expect(JSON.parse(await body.inputValue())).toHaveProperty('MaxResults');
  await expect(body).toHaveAccessibleDescription(/No field is required\.$/);
  await choose(page, 'patch person', 'PATCH /api/people/{uid}');
  expect(JSON.parse(await body.inputValue())).toEqual([{ op: 'add', path: '/Title', value: '' }]);
  await expect(body).toHaveAccessibleDescription(/Required in each operation: op, path\./);
});
