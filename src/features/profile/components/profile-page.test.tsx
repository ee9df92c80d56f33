import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/session/stores/session-store';
import type { Session } from '@/session/session';
import { deferred, errorAnswer, jsonAnswer, stubFetch } from '@/testing/fetch';
import { renderRoute } from '@/testing/render';
import { jdoeRecord } from '@/testing/user-record';
import { signInForTest } from '@/testing/session';

let session: Session;

function field(section: HTMLElement, label: string) {
  const term = within(section).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

beforeEach(() => {
  session = signInForTest();
});

describe('the profile page', () => {
  it('shows a skeleton while getuser is on its way, then the record as readable sections', async () => {
    const answer = deferred<Response>();
    const { sent } = stubFetch(() => answer.promise);
    renderRoute('/profile');
    expect(await screen.findByRole('progressbar', { name: 'Loading the profile' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the profile…');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: '/TDWebApi/api/auth/getuser', method: 'GET' });
    expect(sent[0]?.headers.Authorization).toBe(`Bearer ${session.token}`);

    answer.resolve(jsonAnswer(jdoeRecord()));
    const identity = await screen.findByRole('region', { name: 'Identity' });
    expect(screen.queryByRole('progressbar', { name: 'Loading the profile' })).not.toBeInTheDocument();
    expect(field(identity, 'Full name')).toBe('Jane Doe');
    expect(field(identity, 'User name')).toBe('jdoe@example.edu');
    expect(field(identity, 'Primary e-mail')).toBe('jdoe@example.edu');
    expect(field(identity, 'Alternate e-mail')).toBe('jane.doe@alumni.example.edu');
    expect(field(identity, 'Account type')).toBe('User (TypeID 1)');
    for (const [label, guid] of [
      ['UID', 'c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8'],
      ['BEID', '5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f10'],
    ] as const) {
      const value = within(identity).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
      expect(within(value).getByText(guid, { selector: 'code' })).toHaveStyle({ whiteSpace: 'nowrap' });
      expect(within(value).getByRole('button', { name: `Copy ${label}` })).toBeInTheDocument();
    }

    const access = screen.getByRole('region', { name: 'Access' });
    expect(within(access).getByText('TDPeople')).toBeInTheDocument();
    expect(within(access).getByText('TDTickets')).toBeInTheDocument();
    expect(field(access, 'Security role')).toBe('Technician');
    expect(within(access).getByRole('list', { name: 'Organization applications' })).toHaveTextContent(
      'IT Help Desk (TDTickets) — administrator, role Help Desk Agent',
    );

    const contact = screen.getByRole('region', { name: 'Contact and location' });
    expect(field(contact, 'Company')).toBe('Example University');
    expect(field(contact, 'Title')).toBe('Systems Analyst');
    expect(field(contact, 'Work phone')).toBe('+1 555 0100');
    expect(field(contact, 'Mobile phone')).toBe('Not set');
    expect(field(contact, 'Work address')).toBe('1 College Ave, Springfield, IL, 62701, USA');
    expect(field(contact, 'Location')).toBe('Main Library, Room 204');

    expect(screen.getByLabelText('The getuser answer as JSON')).toHaveTextContent('"ReferenceID": 1001');
  });

  it('names service accounts and other types from TypeID', async () => {
    stubFetch(() => jsonAnswer(jdoeRecord({ TypeID: 9 })));
    renderRoute('/profile');
    const identity = await screen.findByRole('region', { name: 'Identity' });
    expect(field(identity, 'Account type')).toBe('Service account (TypeID 9)');
  });

  it('shows an error with a Retry that works', async () => {
    let calls = 0;
    const { sent } = stubFetch(() =>
      ++calls === 1 ? errorAnswer(500, 'internal_error', 'Database unavailable.') : jsonAnswer(jdoeRecord()),
    );
    const { user } = renderRoute('/profile');
    const alert = await screen.findByText(/The profile could not be loaded/);
    expect(alert).toHaveTextContent(
      'The profile could not be loaded. The server failed (HTTP 500). The server said: Database unavailable.',
    );
    expect(useSessionStore.getState().session).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Identity' })).toBeInTheDocument();
    expect(screen.queryByText(/The profile could not be loaded/)).not.toBeInTheDocument();
    expect(sent).toHaveLength(2);
  });

  it('shows that the Raw JSON section opens: aria-expanded, a chevron and a word that changes', async () => {
    stubFetch(() => jsonAnswer(jdoeRecord()));
    const { user } = renderRoute('/profile');
    const toggle = await screen.findByRole('button', { name: 'Raw JSON' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle.querySelector('svg')).toBeVisible();
    expect(within(toggle).getByText('Show')).toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(toggle).getByText('Hide')).toBeVisible();
    expect(screen.getByLabelText('The getuser answer as JSON')).toHaveTextContent(
      '"UserName": "jdoe@example.edu"',
    );
  });

  it('refuses an answer that is not a user record', async () => {
    stubFetch(() => jsonAnswer({ Message: 'hello' }));
    renderRoute('/profile');
    expect(await screen.findByText(/The profile could not be loaded/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Identity' })).not.toBeInTheDocument();
  });

  it('keeps the record for the token’s life: no refetch on navigation, only on Refresh', async () => {
    const { sent } = stubFetch(() => jsonAnswer(jdoeRecord()));
    const { user, router } = renderRoute('/profile');
    await screen.findByRole('region', { name: 'Identity' });
    await user.click(screen.getAllByRole('link', { name: 'Token' })[0]!);
    expect(await screen.findByRole('heading', { name: 'Token' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('link', { name: 'Profile' })[0]!);
    expect(await screen.findByRole('region', { name: 'Identity' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(sent).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeEnabled();
    expect(sent).toHaveLength(2);
  });
});
