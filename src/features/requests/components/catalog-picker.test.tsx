import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMULATOR, EMULATOR_SANDBOX, type Connection } from '@/lib/connection';
import { jsonAnswer, stubFetch, textAnswer } from '@/testing/fetch';
import { signInForTest } from '@/testing/session';
import { CatalogPicker } from './catalog-picker';

const RELAYED: Connection = {
  id: 'relay:acme',
  label: 'acme',
  baseUrl: '/relay/acme',
  upstream: 'https://acme.teamdynamix.com/TDWebApi',
  organization: 'acme.teamdynamix.com',
};

const TICKET = 'GET /api/{appId}/tickets/{id}';

/** An operation's button, marked Recorded or not (jsdom lays out nothing, so the mark's space is not in the name). */
const named = (operation: string, mark: '' | 'Recorded' | 'any' = '') =>
  new RegExp(
    `^${operation.replace(/[{}/]/g, '\\$&')}${mark === 'any' ? '(\\s*Recorded)?' : mark ? '\\s*Recorded' : ''}$`,
  );

afterEach(() => vi.unstubAllGlobals());

function renderPicker(connection: Connection) {
  const session = signInForTest({ connection });
  const user = userEvent.setup({ delay: null });
  render(
    <CatalogPicker onChoose={() => {}} helpBase="https://example.edu/TDWebApi" connection={connection} />,
  );
  return { session, user };
}

type User = ReturnType<typeof userEvent.setup>;

/** Searched at once (pasted): typed key by key, each key is a search of its own, which these tests are not about. */
async function searchTickets(user: User) {
  await user.click(screen.getByLabelText('Search the catalog'));
  await user.paste('tickets');
  return screen.findByRole('button', { name: named(TICKET, 'any') });
}

const ticketsArea = () => screen.getByText('Tickets', { selector: 'summary' });

describe('the catalog’s Recorded marks', () => {
  it('mark the operations the emulator lists as recorded (without case), asked once the catalog is used, with the session’s token', async () => {
    const { sent } = stubFetch(() =>
      jsonAnswer({
        operations: [
          { method: 'GET', path: '/API/{APPID}/Tickets/{ID}' },
          { method: 'POST', path: '/api/{appId}/tickets/search' },
        ],
      }),
    );
    const { session, user } = renderPicker(EMULATOR_SANDBOX);
    expect(sent).toEqual([]);
    await searchTickets(user);
    const ticket = await screen.findByRole('button', { name: named(TICKET, 'Recorded') });
    expect(within(ticket).getByText('Recorded')).toBeVisible();
    expect(
      screen.getByRole('button', { name: named('POST /api/{appId}/tickets/search', 'Recorded') }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: named('PATCH /api/{appId}/tickets/{id}') }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Recorded')).toHaveLength(2);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: '/SBTDWebApi/recorded-operations', method: 'GET' });
    expect(sent[0]!.headers.Authorization).toBe(`Bearer ${session.token}`);
  });

  it.each([
    ['has none', () => jsonAnswer({ operations: [] })],
    ['fails', () => jsonAnswer({ status: 404, error: 'not_found', message: 'No such path.' }, 404)],
    [
      'lists a method the Web API lacks',
      () =>
        jsonAnswer({
          operations: [
            { method: 'GET', path: '/api/{appId}/tickets/{id}' },
            { method: 'TRACE', path: '/api/x' },
          ],
        }),
    ],
    [
      'lists what is not a path',
      () => jsonAnswer({ operations: [{ method: 'GET', path: 'javascript:alert(1)' }] }),
    ],
    ['answers text, not a listing', () => textAnswer('GET /api/{appId}/tickets/{id}')],
    ['cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('mark nothing, quietly, when the emulator %s', async (_, answer: () => Response | Promise<Response>) => {
    const { sent } = stubFetch(answer);
    const errors = vi.spyOn(console, 'error');
    const { user } = renderPicker(EMULATOR);
    await searchTickets(user);
    await waitFor(() => expect(sent).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText('Recorded')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('never ask a relayed tenant, whose token goes nowhere new', async () => {
    const { sent } = stubFetch(() =>
      jsonAnswer({ operations: [{ method: 'GET', path: '/api/{appId}/tickets/{id}' }] }),
    );
    const { user } = renderPicker(RELAYED);
    await searchTickets(user);
    expect(screen.queryByText('Recorded')).toBeNull();
    expect(sent).toEqual([]);
  });
});

describe('the catalog’s list', () => {
  it('keeps the row of an operation the next keystroke still finds, instead of drawing it again', async () => {
    stubFetch(() => jsonAnswer({ operations: [] }));
    const { user } = renderPicker(EMULATOR);
    const row = await searchTickets(user);
    const status = screen.getByRole('status').textContent;
    // Each key a new search (tickets/, tickets/{, … tickets/{id}), each still finding it.
    await user.type(screen.getByLabelText('Search the catalog'), '/{{id}');
    await waitFor(() => expect(screen.getByRole('status').textContent).not.toBe(status));
    expect(screen.getByRole('button', { name: named(TICKET) })).toBe(row);
  });

  it('opens an area by hand while browsing; while searching, folds one by hand until the next search', async () => {
    const { sent } = stubFetch(() => jsonAnswer({ operations: [] }));
    const { user } = renderPicker(EMULATOR);
    expect(screen.queryByRole('button', { name: named(TICKET) })).toBeNull();
    await user.click(ticketsArea());
    expect(await screen.findByRole('button', { name: named(TICKET) })).toBeVisible();
    // Opening an area is using the catalog: the emulator is asked which operations it replays.
    await waitFor(() => expect(sent).toHaveLength(1));

    await searchTickets(user);
    await user.click(ticketsArea());
    await waitFor(() => expect(screen.queryByRole('button', { name: named(TICKET) })).toBeNull());
    await user.type(screen.getByLabelText('Search the catalog'), ' get');
    expect(await screen.findByRole('button', { name: named(TICKET) })).toBeVisible();
    expect(sent).toHaveLength(1);
  });

  it('describes each operation by its summary and documented limit, and finds it by an administrator’s words', async () => {
    stubFetch(() => jsonAnswer({ operations: [] }));
    const { user } = renderPicker(EMULATOR);
    const search = screen.getByLabelText('Search the catalog');
    await user.click(search);
    await user.paste('deactivate person');
    const button = await screen.findByRole('button', { name: named('PUT /api/people/{uid}/isactive') });
    expect(button).toHaveAccessibleDescription('Activate or deactivate a person · Limit not documented');
    await user.clear(search);
    await user.paste('edit ticket');
    expect(
      await screen.findByRole('button', { name: named('POST /api/{appId}/tickets/{id}') }),
    ).toHaveAccessibleDescription(/^Edit a ticket by sending the whole record .* · Limit not documented$/);
    await user.clear(search);
    await user.paste('read one ticket');
    expect(await screen.findByRole('button', { name: named(TICKET) })).toHaveAccessibleDescription(
      'Read one ticket in full, with custom attributes and attachments · 60 calls a minute per IP address',
    );
    await user.clear(search);
    await user.paste('add comment');
    expect(await screen.findAllByRole('button', { name: /\/feed$/ })).not.toHaveLength(0);
  });
});
