import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeDateInEachTest } from '@/testing/fake-date';
import { useSessionStore } from '@/session/stores/session-store';
import type { Session } from '@/session/session';
import { api } from '@/session/client/api';
import { stubFetch, textAnswer } from '@/testing/fetch';
import { renderRoute } from '@/testing/render';
import { signInForTest } from '@/testing/session';

// Expected texts are written out by hand, so a wrong format fails: a fixed issue time, zone and locale.
process.env.TZ = 'America/New_York';
let session: Session;
const ISSUED = Date.parse('2026-03-02T12:00:00Z');
const ONE_HOUR_LATER = ISSUED + 3_600_000;

function row(table: HTMLElement, name: string) {
  const header = within(table).getByRole('rowheader', { name });
  return header.closest('tr')?.querySelectorAll('td')[0]?.textContent;
}

fakeDateInEachTest(ONE_HOUR_LATER);
beforeEach(() => {
  session = signInForTest({ method: 'admin-key', issuedAt: ISSUED, serverDate: ONE_HOUR_LATER });
});

describe('the token page', () => {
  it('shows the decoded header and claims as tables', async () => {
    renderRoute('/token');
    const claims = await screen.findByRole('table', { name: 'Token claims' });
    expect(row(claims, 'unique_name')).toBe('jdoe@example.edu');
    expect(row(claims, 'iss')).toBe('TD');
    expect(row(claims, 'aud')).toBe('https://www.teamdynamix.com/');
    expect(row(claims, 'nbf')).toBe(
      '1772452800' + '3/2/2026, 7:00:00 AM local time' + 'Mon, 02 Mar 2026 12:00:00 GMT',
    );
    expect(row(claims, 'exp')).toBe(
      '1772539200' + '3/3/2026, 7:00:00 AM local time' + 'Tue, 03 Mar 2026 12:00:00 GMT',
    );
    const header = screen.getByRole('table', { name: 'Token header' });
    expect(row(header, 'alg')).toBe('HS256');
    expect(row(header, 'typ')).toBe('JWT');
  });

  it('shows how the token was obtained and when it expires, in local time and UTC', async () => {
    renderRoute('/token');
    const lifetime = await screen.findByRole('region', { name: 'Lifetime' });
    expect(within(lifetime).getByText('Admin key')).toBeInTheDocument();
    expect(
      within(lifetime).getByText('3/3/2026, 7:00:00 AM (Tue, 03 Mar 2026 12:00:00 GMT)'),
    ).toBeInTheDocument();
    expect(within(lifetime).getByText('23:00:00')).toBeInTheDocument();
  });

  it('shows a curl command reading the token from TDX_TOKEN unless the switch is on', async () => {
    const { user } = renderRoute('/token');
    const curl = await screen.findByLabelText('curl command');
    expect(curl.textContent).toBe(
      "# Connection: This server (emulator)\n# The token is read from the environment variable TDX_TOKEN: export TDX_TOKEN='…' first (the console's Token screen copies it).\ncurl \\\n  -H \"Authorization: Bearer $TDX_TOKEN\" \\\n  'http://localhost:3000/TDWebApi/api/auth/getuser'",
    );
    expect(curl.textContent).not.toContain(session.token);

    const toggle = screen.getByRole('switch', { name: 'Show the token in the command' });
    await user.click(toggle);
    expect(curl).toHaveTextContent(`Authorization: Bearer ${session.token}`);
    await user.click(toggle);
    expect(curl.textContent).not.toContain(session.token);
  });

  it('copies the token, the Authorization header, and a curl command that works, saying it holds the token', async () => {
    const { user } = renderRoute('/token');
    await user.click(await screen.findByRole('button', { name: 'Copy token' }));
    expect(await navigator.clipboard.readText()).toBe(session.token);
    await user.click(screen.getByRole('button', { name: 'Copy Authorization header' }));
    expect(await navigator.clipboard.readText()).toBe(`Authorization: Bearer ${session.token}`);
    await user.click(screen.getByRole('button', { name: 'Copy curl command' }));
    expect(await navigator.clipboard.readText()).toBe(
      `# Connection: This server (emulator)\ncurl \\\n  -H 'Authorization: Bearer ${session.token}' \\\n  'http://localhost:3000/TDWebApi/api/auth/getuser'`,
    );
    expect(screen.getByRole('button', { name: 'Copied, with your token' })).toBeInTheDocument();
    expect(screen.getByLabelText('curl command').textContent).not.toContain(session.token);
  });

  it('sends a signed-out visitor to sign-in, to come back here', async () => {
    useSessionStore.getState().signOut('user');
    // Awaited: the redirect's render waits for the sign-out notice's code, and a synchronous act would drop it.
    const { router } = await act(() => Promise.resolve(renderRoute('/token')));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/sign-in', search: '?returnTo=%2Ftoken' });
  });
});

describe("the token page's rate limits", () => {
  it('are those of the sign-in calls and getuser, under the keys the API client counts them by', async () => {
    const headers = {
      'X-RateLimit-Limit': '60',
      'X-RateLimit-Remaining': '41',
      'X-RateLimit-Reset': new Date(ONE_HOUR_LATER + 60_000).toUTCString(),
    };
    stubFetch(() => textAnswer('ok', headers));
    for (const path of ['/api/auth', '/api/auth/login', '/api/auth/loginadmin'])
      await api.send({ method: 'POST', path, auth: false });
    await api.send({ method: 'GET', path: '/api/auth/getuser' });

    renderRoute('/token');
    const meter = await screen.findByRole('region', { name: 'Rate limits' });
    expect(
      within(meter)
        .getAllByRole('meter')
        .map((m) => m.getAttribute('aria-label')),
    ).toEqual([
      'POST auth: 41 of 60 calls left',
      'POST auth/login: 41 of 60 calls left',
      'POST auth/loginadmin: 41 of 60 calls left',
      'GET auth/getuser: 41 of 60 calls left',
    ]);
  });
});
