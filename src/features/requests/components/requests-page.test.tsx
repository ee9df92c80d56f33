import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MASKED_SECRET } from '@contract/secret-fields';
import type { Session } from '@/session/session';
import { jsonAnswer, stubFetch } from '@/testing/fetch';
import { renderRoute } from '@/testing/render';
import { useRequestFormStore } from '../form/form-store';
import { useHistoryStore } from '../history/history-store';
import { buildRequest, GET_USER_FORM } from '../form/request-form';
import type * as RequestFormModule from '../form/request-form';
import { POSTMAN_SCHEMA } from '../saved/postman-collection';
import { SAVED_REQUESTS_KEY } from '../saved/saved-requests-key';
import { useSavedStore } from '../saved/saved-store';
import { signInForTest } from '@/testing/session';

vi.mock('../form/request-form', async (actual) => {
  const real = await actual<typeof RequestFormModule>();
  return { ...real, buildRequest: vi.fn(real.buildRequest) };
});

let session: Session;

// The lazy screen's first load compiles MUI and the catalog: done once, before the tests, on a busy machine.
const SCREEN_LOADS = { timeout: 10_000 };
beforeAll(() => Promise.all([import('@/app/frame/signed-in-layout'), import('./requests-page')]), 60_000);

beforeEach(() => {
  useRequestFormStore.getState().load(GET_USER_FORM);
  useHistoryStore.getState().leave();
  useSavedStore.setState({ byOrganization: {} });
  session = signInForTest();
});

/** Imports a Postman collection through the screen's file field, as choosing a file does. */
function importCollection(item: unknown[]) {
  const text = JSON.stringify({ info: { name: 'Mine', schema: POSTMAN_SCHEMA }, item });
  const file = new File([text], 'mine.postman_collection.json', { type: 'application/json' });
  fireEvent.change(screen.getByLabelText('Postman collection file'), { target: { files: [file] } });
}

type User = ReturnType<typeof renderRoute>['user'];

/** Opens the library on a part, as _Go to Saved_ or _Go to History_ does: the part, shown. */
async function openLibrary(user: User, part: 'Saved' | 'History') {
  await user.click(screen.getByRole('button', { name: `Go to ${part}` }));
  return screen.findByRole('tabpanel', { name: part });
}

/** Closes the library's drawer (jsdom is narrow), as Escape does; the screen is usable again. */
async function closeLibrary(user: User) {
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Library' })).toBeNull());
}

describe('the Requests screen', { timeout: 40_000 }, () => {
  it('refuses a malformed body before sending, naming its line and column', async () => {
    const { sent } = stubFetch(() => jsonAnswer({}));
    const { user } = renderRoute('/requests');
    await user.selectOptions(await screen.findByLabelText('Method', {}, SCREEN_LOADS), 'POST');
    const path = screen.getByLabelText('Path');
    await user.clear(path);
    await user.type(path, 'people');
    await user.click(screen.getByLabelText('JSON body'));
    await user.paste('{\n  "FirstName": "Ann",\n}');
    await user.click(screen.getByRole('button', { name: 'Send POST' }));
    expect(screen.getByLabelText('JSON body')).toHaveAccessibleDescription(
      'Not valid JSON at line 3, column 1: expected a property name in double quotes, unexpected "}".',
    );
    expect(sent).toEqual([]);
    expect(useHistoryStore.getState().entries).toEqual([]);
  });

  it('sends with Ctrl+Enter and shows the answer; at 0 calls left Send waits for the reset and sends nothing', async () => {
    const reset = new Date(Date.now() + 30_000).toUTCString();
    const { sent } = stubFetch(() =>
      jsonAnswer({ UserName: 'jdoe@example.edu' }, 200, {
        'X-RateLimit-Limit': '60',
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': reset,
        Date: new Date().toUTCString(),
      }),
    );
    const { user } = renderRoute('/requests');
    await user.click(await screen.findByLabelText('Path', {}, SCREEN_LOADS));
    await user.keyboard('{Control>}{Enter}{/Control}');
    const answer = screen.getByRole('region', { name: 'Answer' });
    expect(await within(answer).findByRole('tree', { name: 'Answer body' })).toHaveTextContent(
      'UserName: "jdoe@example.edu"',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: '/TDWebApi/api/auth/getuser', method: 'GET' });
    expect(sent[0]!.headers.Authorization).toBe(`Bearer ${session.token}`);

    const waiting = await screen.findByRole('button', { name: /^Send \(wait \d+ s\)$/ });
    expect(waiting).toBeDisabled();
    await user.click(screen.getByLabelText('Path'));
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(sent).toHaveLength(1);
    expect(useHistoryStore.getState().entries).toHaveLength(1);
  });

  it('names an unreachable server, and keeps the request in the history as unanswered', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = renderRoute('/requests');
    await user.click(await screen.findByRole('button', { name: 'Send' }, SCREEN_LOADS));
    const answer = screen.getByRole('region', { name: 'Answer' });
    expect(await within(answer).findByRole('alert')).toHaveTextContent(
      'The server at http://localhost:3000 cannot be reached. Check that it is running.',
    );
    expect(useHistoryStore.getState().entries.map((e) => e.status)).toEqual([null]);
    expect(await openLibrary(user, 'History')).toHaveTextContent('No answer');
  });

  it('a pasted curl command with {constructor}, {__proto__} and {toString} fills the form, and the screen works', async () => {
    const names = ['constructor', '__proto__', 'toString'];
    const { user } = renderRoute('/requests');
    await user.click(await screen.findByRole('button', { name: 'Paste a command' }, SCREEN_LOADS));
    await user.click(screen.getByLabelText('curl or PowerShell command'));
    await user.paste(
      `curl http://localhost:3000/TDWebApi/api/people/${names.map((n) => `{${n}}`).join('/')}`,
    );
    await user.click(screen.getByRole('button', { name: 'Fill the form' }));
    const fields = names.map((name) => screen.getByLabelText(`{${name}}`));
    for (const field of fields) expect(field).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    names.forEach((name, i) => expect(fields[i]).toHaveAccessibleDescription(`Fill in ${name}.`));
    for (const [i, field] of fields.entries()) fireEvent.change(field, { target: { value: `v${i}` } });
    expect(screen.getByLabelText('Request preview')).toHaveTextContent(
      'GET http://localhost:3000/TDWebApi/api/people/v0/v1/v2',
    );
  });

  it('a Postman item with :constructor is imported, saved, and loads into a working form', async () => {
    const { user } = renderRoute('/requests');
    await screen.findByLabelText('Postman collection file', {}, SCREEN_LOADS);
    // No value for it: the form must not find one on Object.prototype.
    importCollection([
      { name: 'Odd', request: { method: 'GET', url: '{{baseUrl}}/api/people/:constructor' } },
    ]);
    const saved = await openLibrary(user, 'Saved');
    expect(await within(saved).findByRole('status')).toHaveTextContent('Imported 1 request.');
    expect(localStorage.getItem(SAVED_REQUESTS_KEY)).toContain('{constructor}');
    // Loading closes the drawer: the form is there to fill.
    await user.click(within(saved).getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Library' })).toBeNull());
    const field = screen.getByLabelText('{constructor}');
    expect(field).toHaveValue('');
    fireEvent.change(field, { target: { value: 'v1' } });
    expect(screen.getByLabelText('Request preview')).toHaveTextContent('/TDWebApi/api/people/v1');
  });

  it('a collection of 4,000 items is imported with one write to storage', async () => {
    const { user } = renderRoute('/requests');
    await screen.findByLabelText('Postman collection file', {}, SCREEN_LOADS);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const items = Array.from({ length: 40 }, (_, folder) => ({
      name: `Folder ${folder}`,
      item: Array.from({ length: 99 }, (_, i) => ({
        name: `Request ${folder}-${i}`,
        request: { method: 'GET', url: { raw: `{{baseUrl}}/api/people/${folder}-${i}` } },
      })),
    }));
    importCollection(items);
    const saved = await openLibrary(user, 'Saved');
    expect(await within(saved).findByRole('status')).toHaveTextContent('Imported 3960 requests.');
    expect(setItem.mock.calls.filter(([key]) => key === SAVED_REQUESTS_KEY)).toHaveLength(1);
    const [stored] = Object.values(useSavedStore.getState().byOrganization);
    expect(stored).toHaveLength(3960);
    // Listed a hundred at a time: thousands of rows of buttons would hold up every keystroke in the form.
    const list = within(saved).getByRole('list', { name: 'Saved requests' });
    const requests = () => within(list).getAllByRole('listitem', { name: /^Request / });
    expect(requests()).toHaveLength(100);
    // Each folder a group of its own: the first page ends one request into the second folder.
    expect(within(list).getByRole('button', { name: 'Folder 1 (99)' })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Folder 2 (99)' })).not.toBeInTheDocument();
    fireEvent.click(within(saved).getByRole('button', { name: 'Show next 100 (101–200 of 3,960)' }));
    expect(requests()).toHaveLength(200);
  });

  it('saving the catalog’s webhook ?token={token} keeps no clear value in localStorage', async () => {
    const { user } = renderRoute('/requests');
    await user.type(await screen.findByLabelText('Search the catalog', {}, SCREEN_LOADS), 'webhook');
    await user.click(screen.getByRole('button', { name: 'POST /api/integrations/webhook' }));
    expect(screen.getByLabelText('Name 1')).toHaveValue('token');
    await user.type(screen.getByLabelText('Value 1'), 'clear-webhook-token');
    const saved = await openLibrary(user, 'Saved');
    await user.type(within(saved).getByLabelText('Name to save the form as'), 'Webhook');
    await user.click(within(saved).getByRole('button', { name: 'Save the form' }));
    expect(within(saved).getByRole('status')).toHaveTextContent(
      'Saved “Webhook”. A secret in it (a password, key or token) was masked',
    );
    const stored = localStorage.getItem(SAVED_REQUESTS_KEY)!;
    expect(stored).not.toContain('clear-webhook-token');
    expect(stored).toContain(`"value":"${MASKED_SECRET}"`);
  });

  it('builds the request once per change of the form: the preview, Send, History, its re-run and edit, the copies and Save share it', async () => {
    const { sent } = stubFetch(() => jsonAnswer({}));
    const { user } = renderRoute('/requests');
    const path = await screen.findByLabelText('Path', {}, SCREEN_LOADS);
    vi.mocked(buildRequest).mockClear();
    fireEvent.change(path, { target: { value: 'people/lookup?searchText=doe' } });
    expect(screen.getByLabelText('Request preview')).toHaveTextContent('/api/people/lookup?searchText=doe');
    expect(buildRequest).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Send' }));
    let history = await openLibrary(user, 'History');
    expect(await within(history).findByText(/HTTP 200/)).toBeInTheDocument();
    // The form the screen holds now (its query read into a row) is the one History keeps: the same object.
    expect(useHistoryStore.getState().entries[0]!.form).toBe(useRequestFormStore.getState().form);
    await user.click(within(history).getByRole('button', { name: 'Copy as curl' }));
    await closeLibrary(user);
    await user.click(
      within(screen.getByRole('group', { name: 'Copy the request' })).getByRole('button', {
        name: 'Copy as curl',
      }),
    );
    const saved = await openLibrary(user, 'Saved');
    await user.type(within(saved).getByLabelText('Name to save the form as'), 'Lookup');
    await user.click(within(saved).getByRole('button', { name: 'Save the form' }));
    await user.click(screen.getByRole('tab', { name: 'History' }));
    history = screen.getByRole('tabpanel', { name: 'History' });
    // A re-run closes the drawer, as the answer is what comes next.
    await user.click(within(history).getByRole('button', { name: 'Re-run' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Library' })).toBeNull());
    history = await openLibrary(user, 'History');
    expect(await within(history).findAllByText(/HTTP 200/)).toHaveLength(2);
    await user.click(within(history).getAllByRole('button', { name: 'Edit' })[1]!);
    expect(buildRequest).toHaveBeenCalledTimes(1);
    expect(sent.map((r) => r.url)).toEqual([
      '/TDWebApi/api/people/lookup?searchText=doe',
      '/TDWebApi/api/people/lookup?searchText=doe',
    ]);
  });

  it('saving a secret query typed into the path (not yet sent) keeps no clear value in localStorage', async () => {
    const { user } = renderRoute('/requests');
    const path = await screen.findByLabelText('Path', {}, SCREEN_LOADS);
    fireEvent.change(path, { target: { value: '/api/integrations/webhook?token=clear-typed-token' } });
    const saved = await openLibrary(user, 'Saved');
    await user.type(within(saved).getByLabelText('Name to save the form as'), 'Webhook');
    await user.click(within(saved).getByRole('button', { name: 'Save the form' }));
    expect(within(saved).getByRole('status')).toHaveTextContent(
      'Saved “Webhook”. A secret in it (a password, key or token) was masked',
    );
    const stored = localStorage.getItem(SAVED_REQUESTS_KEY)!;
    expect(stored).not.toContain('clear-typed-token');
    expect(stored).toContain(`"value":"${MASKED_SECRET}"`);
  });
});
