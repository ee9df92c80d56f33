import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { NEW_FORM } from '../form/request-form';
import { POSTMAN_SCHEMA } from '../saved/postman-collection';
import { savedFrom } from '../saved/saved-request';
import { useSavedStore } from '../saved/saved-store';
import { SavedList } from './saved-list';

beforeEach(() => useSavedStore.setState({ byOrganization: {} }));

function importCollection(item: unknown[]) {
  const text = JSON.stringify({ info: { name: 'Mine', schema: POSTMAN_SCHEMA }, item });
  const file = new File([text], 'mine.postman_collection.json', { type: 'application/json' });
  fireEvent.change(screen.getByLabelText('Postman collection file'), { target: { files: [file] } });
}

const request = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  request: { method: 'POST', url: '{{baseUrl}}/api/people', ...extra },
});

describe('the import’s report', () => {
  it('names, per request, what was not brought over, under the count', async () => {
    render(
      <SavedList
        organization="org"
        connection="/TDWebApi"
        label="This server"
        kept={NEW_FORM}
        onLoad={() => {}}
      />,
    );
    importCollection([
      request('Form', {
        header: [{ key: 'X-Custom', value: '1' }],
        body: { mode: 'formdata', formdata: [{ key: 'a', value: 'b' }] },
      }),
      request('Plain', { body: { mode: 'raw', raw: '{"a":1}' } }),
    ]);
    const status = await screen.findByRole('status');
    expect(await within(status).findByText('Imported 2 requests.')).toBeInTheDocument();
    const lost = within(status).getByRole('list', { name: 'Not brought over' });
    expect(
      within(lost)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Form: the header X-Custom; its form-data body']);
  });

  it('lists ten requests, then counts the rest; and lists nothing when nothing was lost', async () => {
    render(
      <SavedList
        organization="org"
        connection="/TDWebApi"
        label="This server"
        kept={NEW_FORM}
        onLoad={() => {}}
      />,
    );
    const lossy = Array.from({ length: 13 }, (_, i) => request(`R${i}`, { body: { mode: 'file' } }));
    importCollection(lossy);
    const status = await screen.findByRole('status');
    const lost = await within(status).findByRole('list', { name: 'Not brought over' });
    const items = within(lost).getAllByRole('listitem');
    expect(items).toHaveLength(11);
    expect(items.at(-1)).toHaveTextContent('And 3 more like these.');

    importCollection([request('Clean')]);
    expect(await within(status).findByText('Imported 1 request.')).toBeInTheDocument();
    expect(within(status).queryByRole('list')).not.toBeInTheDocument();
  });
});

describe('saving over a saved request, and deleting one', () => {
  const lookup = { ...NEW_FORM, path: 'people/lookup' };

  function saveAs(name: string) {
    fireEvent.change(screen.getByLabelText('Name to save the form as'), { target: { value: name } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the form' }));
  }

  const names = () => (useSavedStore.getState().byOrganization.org ?? []).map((s) => s.name);

  const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  it('asks before replacing one of the same name: Cancel keeps it, Replace replaces, Keep both saves a copy', async () => {
    const { rerender } = render(
      <SavedList
        organization="org"
        connection="/TDWebApi"
        label="This server"
        kept={lookup}
        onLoad={() => {}}
      />,
    );
    saveAs('Lookup');
    rerender(
      <SavedList
        organization="org"
        connection="/TDWebApi"
        label="This server"
        kept={{ ...lookup, path: 'people/search' }}
        onLoad={() => {}}
      />,
    );
    saveAs('Lookup');
    const dialog = screen.getByRole('dialog', { name: 'Replace “Lookup”?' });
    expect(dialog).toHaveTextContent('keep both and save the form as “Lookup (2)”');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await closed();
    expect(useSavedStore.getState().byOrganization.org![0]!.path).toBe('people/lookup');

    saveAs('Lookup');
    fireEvent.click(screen.getByRole('button', { name: 'Keep both' }));
    await closed();
    expect(names()).toEqual(['Lookup', 'Lookup (2)']);
    expect(screen.getByRole('status')).toHaveTextContent('Saved “Lookup (2)”.');

    saveAs('Lookup');
    fireEvent.click(screen.getByRole('button', { name: 'Replace' }));
    await closed();
    expect(names()).toEqual(['Lookup', 'Lookup (2)']);
    expect(useSavedStore.getState().byOrganization.org![0]!.path).toBe('people/search');
    expect(screen.getByRole('status')).toHaveTextContent('Replaced “Lookup”.');
  });

  it('deletes at once, and Undo puts it back where it was', () => {
    render(
      <SavedList
        organization="org"
        connection="/TDWebApi"
        label="This server"
        kept={lookup}
        onLoad={() => {}}
      />,
    );
    for (const name of ['A', 'B', 'C']) saveAs(name);
    const b = screen.getByRole('listitem', { name: 'B' });
    fireEvent.click(within(b).getByRole('button', { name: 'Delete' }));
    expect(names()).toEqual(['A', 'C']);
    expect(screen.getByRole('alert')).toHaveTextContent('Deleted “B”.');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(names()).toEqual(['A', 'B', 'C']);
    expect(screen.getByRole('status')).toHaveTextContent('Put “B” back.');
  });
});

describe('an import', () => {
  it('replaces nothing, and is removed in one step', async () => {
    useSavedStore.getState().save('org', [savedFrom('Form', NEW_FORM)]);
    render(
      <SavedList
        organization="org"
        connection="/TDWebApi"
        label="This server"
        kept={NEW_FORM}
        onLoad={() => {}}
      />,
    );
    importCollection([request('Form'), request('Plain')]);
    const remove = await screen.findByRole('button', { name: 'Remove this import' });
    expect(useSavedStore.getState().byOrganization.org!.map((s) => s.name)).toEqual([
      'Form',
      'Form (2)',
      'Plain',
    ]);
    fireEvent.click(remove);
    expect(useSavedStore.getState().byOrganization.org!.map((s) => s.name)).toEqual(['Form']);
    expect(screen.getByRole('status')).toHaveTextContent('Removed the 2 requests of that import.');
    expect(screen.queryByRole('button', { name: 'Remove this import' })).not.toBeInTheDocument();
  });
});

describe('the search', () => {
  it('finds saved requests by name, method or path', () => {
    useSavedStore
      .getState()
      .save('org', [
        savedFrom('Weekly lookup', { ...NEW_FORM, path: 'people/lookup' }),
        savedFrom('Ticket', { ...NEW_FORM, method: 'POST', path: '31/tickets/search' }),
      ]);
    render(
      <SavedList
        organization="org"
        connection="/TDWebApi"
        label="This server"
        kept={NEW_FORM}
        onLoad={() => {}}
      />,
    );
    const search = screen.getByLabelText('Search saved requests');
    const shown = () => screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'));
    fireEvent.change(search, { target: { value: 'WEEKLY' } });
    expect(shown()).toEqual(['Weekly lookup']);
    fireEvent.change(search, { target: { value: 'post /api/31' } });
    expect(shown()).toEqual(['Ticket']);
  });
});

describe('folders', () => {
  const renderList = () =>
    render(
      <SavedList
        organization="org"
        connection="/TDWebApi"
        label="This server"
        kept={{ ...NEW_FORM, path: 'people/lookup' }}
        onLoad={() => {}}
      />,
    );

  it('groups an import by its folders, each opened and closed by a labelled button, searched across', async () => {
    renderList();
    importCollection([
      request('Top'),
      { name: 'Tickets', item: [request('Edit ticket'), { name: 'Bulk', item: [request('Bulk edit')] }] },
      { name: 'People', item: [request('Edit person')] },
    ]);
    const tickets = await screen.findByRole('list', { name: 'Tickets' });
    const names = (list: HTMLElement) =>
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label'));
    expect(names(tickets)).toEqual(['Edit ticket']);
    expect(names(screen.getByRole('list', { name: 'Tickets / Bulk' }))).toEqual(['Bulk edit']);
    const toggle = screen.getByRole('button', { name: 'People (1)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'People' })).not.toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Edit person' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Search saved requests'), { target: { value: 'edit' } });
    expect(names(screen.getByRole('list', { name: 'People' }))).toEqual(['Edit person']);
    expect(screen.getByRole('button', { name: 'Tickets (1)' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Top' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search saved requests'), { target: { value: 'bulk' } });
    expect(screen.getAllByRole('listitem', { name: /./ }).map((li) => li.getAttribute('aria-label'))).toEqual(
      ['Bulk edit'],
    );
  });

  it('saves the form into a named folder, and Load brings the folder back into the field', () => {
    renderList();
    fireEvent.change(screen.getByLabelText('Name to save the form as'), { target: { value: 'Lookup' } });
    fireEvent.change(screen.getByLabelText('Folder'), { target: { value: ' People / Lookups ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the form' }));
    expect(screen.getByRole('status')).toHaveTextContent('Saved “Lookup” in People / Lookups.');
    expect(useSavedStore.getState().byOrganization.org![0]!.folder).toEqual(['People', 'Lookups']);
    const list = screen.getByRole('list', { name: 'People / Lookups' });
    fireEvent.change(screen.getByLabelText('Folder'), { target: { value: '' } });
    fireEvent.click(within(list).getByRole('button', { name: 'Load' }));
    expect(screen.getByLabelText('Folder')).toHaveValue('People / Lookups');
  });
});
