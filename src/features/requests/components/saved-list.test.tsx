import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { NEW_FORM } from '../form/request-form';
import { POSTMAN_SCHEMA } from '../saved/postman-collection';
import { useSavedStore } from '../saved/saved-store';
import { SavedList } from './saved-list';

beforeEach(() => useSavedStore.setState({ byConnection: {} }));

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
        organization="org-1"
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
        organization="org-1"
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
