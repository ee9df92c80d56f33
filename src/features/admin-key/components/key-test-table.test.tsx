import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { watchConsoleInEachTest } from '@/testing/console-calls';
import { fakeDateInEachTest } from '@/testing/fake-date';
import { useSessionStore } from '@/session/stores/session-store';
import { useRateLimitStore } from '@/session/stores/rate-limit-store';
import { THIS_SERVER_ORGANIZATION } from '@contract/wire';
import { useConnectionStore } from '@/session/stores/connection-store';
import {
  deferred,
  errorAnswer,
  jsonAnswer,
  relayTenant,
  stubFetch,
  textAnswer,
  type SentRequest,
} from '@/testing/fetch';
import { renderRoute } from '@/testing/render';
import { tdToken } from '@/testing/tokens';
import { signInForTest } from '@/testing/session';

const BEID = '5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f10';
const KEY = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const ADMIN = 'api-admin@example.edu';
const T0 = Date.parse('2026-03-02T12:00:00Z');

// Of this server's organization, as the emulator's own connections are: the key is tested on all seven.
const tenant = (name: string) => relayTenant(name, { organization: THIS_SERVER_ORGANIZATION });
const RELAYS = ['wrong', 'closed', 'busy', 'gone', 'broken'].map(tenant);

/** One answer per connection, as each kind of tenant gives it. */
function answerFor(request: SentRequest): Response | Promise<Response> {
  const base = request.url.replace('/api/auth/loginadmin', '');
  switch (base) {
    case '/TDWebApi':
      return textAnswer(tdToken(ADMIN, Date.now()));
    case '/SBTDWebApi':
      return errorAnswer(403, 'account_inactive', "This organization's admin service account is not active.");
    case '/relay/wrong':
      return errorAnswer(401, 'invalid_credentials', 'The BEID or WebServicesKey is incorrect.');
    case '/relay/closed':
      return errorAnswer(502, 'relay_failed', 'The tenant at closed.teamdynamix.com refused the connection.');
    case '/relay/busy':
      return errorAnswer(429, 'rate_limited', 'Too many requests.', {
        'X-RateLimit-Limit': '60',
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': 'Mon, 02 Mar 2026 12:00:45 GMT',
        Date: 'Mon, 02 Mar 2026 12:00:00 GMT',
      });
    case '/relay/gone':
      return Promise.reject(new TypeError('Failed to fetch'));
    default:
      return jsonAnswer({ unexpected: true }, 500);
  }
}

const keyField = () => screen.getByLabelText(/^WebServicesKey/);

async function open() {
  const rendered = renderRoute('/admin-key');
  await screen.findByRole('heading', { name: 'Admin key' });
  return rendered;
}

async function testEverywhere(user: ReturnType<typeof renderRoute>['user']) {
  await user.click(screen.getByRole('textbox', { name: /BEID/ }));
  await user.paste(BEID);
  await user.click(keyField());
  await user.paste(KEY);
  const button = screen.getByRole('button', { name: 'Test on every connection' });
  await vi.waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  return screen.findByRole('table', { name: 'The BEID and key on every connection' });
}

/** Each row as [connection base, its outcome cell's text]. */
function outcomes(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      within(row).getByRole('rowheader').querySelector('code')?.textContent,
      within(row).getByRole('cell').textContent,
    ]);
}

const logged = watchConsoleInEachTest();

fakeDateInEachTest(T0);
describe('the key tested on every connection', () => {
  it('shows each connection’s outcome in its row: works, inactive, wrong key, unreachable, rate limited', async () => {
    const { sent } = stubFetch(answerFor, { relays: RELAYS });
    const { user } = await open();
    const table = await testEverywhere(user);
    const resetAt = new Date(T0 + 45_000).toLocaleTimeString();

    await vi.waitFor(() => expect(within(table).queryByText('Testing…')).toBeNull());
    expect(outcomes(table)).toEqual([
      ['/TDWebApi', `WorksToken for ${ADMIN} (not kept).`],
      ['/SBTDWebApi', "InactiveThis organization's admin service account is not active."],
      ['/relay/wrong', 'Wrong keyThe BEID or WebServicesKey is incorrect.'],
      ['/relay/closed', 'UnreachableThe tenant at closed.teamdynamix.com refused the connection.'],
      ['/relay/busy', `Rate limitedToo many loginadmin calls on this connection. Resets at ${resetAt}.`],
      [
        '/relay/gone',
        `UnreachableThe server at ${window.location.origin} cannot be reached. Check that it is running.`,
      ],
      ['/relay/broken', 'Other answerThe server failed (HTTP 500).'],
    ]);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Tested on 7 connections. Works: 1, Wrong key: 1, Inactive: 1, Unreachable: 2, Rate limited: 1, Other answer: 1.',
    );
    expect(sent.map((r) => [r.method, r.url, r.body])).toEqual(
      ['/TDWebApi', '/SBTDWebApi', ...RELAYS.map((r) => r.base)].map((base) => [
        'POST',
        `${base}/api/auth/loginadmin`,
        { BEID, WebServicesKey: KEY },
      ]),
    );
  });

  it('asks every connection at once, each row showing its own progress until its answer', async () => {
    const answers = new Map<string, ReturnType<typeof deferred<Response>>>();
    const { sent } = stubFetch(
      (request) => {
        const answer = deferred<Response>();
        answers.set(request.url, answer);
        return answer.promise;
      },
      { relays: [tenant('wrong')] },
    );
    const { user } = await open();
    const table = await testEverywhere(user);

    expect(sent).toHaveLength(3);
    expect(within(table).getAllByText('Testing…')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Test on every connection' })).toBeDisabled();
    answers.get('/relay/wrong/api/auth/loginadmin')!.resolve(answerFor(sent[2]!) as Response);
    await within(table).findByText('Wrong key');
    expect(within(table).getAllByText('Testing…')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('Testing on 3 connections: 1 answered.');

    answers.get('/TDWebApi/api/auth/loginadmin')!.resolve(answerFor(sent[0]!) as Response);
    answers.get('/SBTDWebApi/api/auth/loginadmin')!.resolve(answerFor(sent[1]!) as Response);
    await within(table).findByText('Works');
    await within(table).findByText('Inactive');
    expect(screen.getByRole('button', { name: 'Test on every connection' })).toBeEnabled();
  });

  it('keeps the key in the form only, stores nothing, and leaves a signed-in session and its connection’s limits as they were', async () => {
    signInForTest();
    const before = useSessionStore.getState().session;
    const storedBefore = JSON.stringify({ ...sessionStorage });
    const { sent } = stubFetch(answerFor, { relays: RELAYS });
    const { user, router } = await open();
    const table = await testEverywhere(user);

    expect(keyField()).toHaveValue(KEY);
    await vi.waitFor(() => expect(within(table).queryByText('Testing…')).toBeNull());
    expect(useSessionStore.getState().session).toBe(before);
    expect(JSON.stringify({ ...sessionStorage })).toBe(storedBefore);
    expect(sent.every((r) => !('Authorization' in r.headers))).toBe(true);
    const places = [
      logged(),
      JSON.stringify({ ...sessionStorage }),
      JSON.stringify({ ...localStorage }),
      document.cookie,
      router.state.location.pathname + router.state.location.search,
      document.body.textContent ?? '',
    ];
    for (const place of places) expect(place).not.toContain(KEY);

    // The busy tenant's 429 holds back that tenant only; this connection's buttons stay free.
    expect(Object.keys(useRateLimitStore.getState().blocked)).toEqual(['/relay/busy']);
    expect(screen.getByRole('button', { name: 'Test credentials' })).toBeEnabled();
    // Again, without pasting the key again.
    await user.click(screen.getByRole('button', { name: 'Test on every connection' }));
    await vi.waitFor(() => expect(sent).toHaveLength(2 * 7 - 1));
    expect(sent.slice(7).map((r) => r.url)).not.toContain('/relay/busy/api/auth/loginadmin');
    await vi.waitFor(() => expect(within(table).queryByText('Testing…')).toBeNull());
    expect(outcomes(table)[4]?.[1]).toMatch(/^Rate limited/);
  });

  it('sends the key only to the chosen connection’s organization, and says which it skipped and why', async () => {
    const acme = relayTenant('acme', { label: 'Acme University', organization: 'acme' });
    const acmeSandbox = relayTenant('acme-sb', {
      label: 'Acme University (sandbox)',
      upstream: 'https://acme.teamdynamix.com/SBTDWebApi',
      organization: 'acme',
    });
    const other = relayTenant('other', { label: 'Other College', organization: 'other' });
    const { sent } = stubFetch(() => errorAnswer(401, 'invalid_credentials', 'Wrong.'), {
      relays: [acme, other, acmeSandbox],
    });
    const { user } = await open();
    await screen.findByRole('option', { name: 'Acme University' });
    await user.selectOptions(screen.getByLabelText('Connection'), 'Acme University');
    const table = await testEverywhere(user);

    await vi.waitFor(() => expect(within(table).queryByText('Testing…')).toBeNull());
    expect(sent.map((r) => r.url)).toEqual([
      '/relay/acme/api/auth/loginadmin',
      '/relay/acme-sb/api/auth/loginadmin',
    ]);
    const skipped = (organization: string) =>
      `Not testedAnother organization (${organization}; the chosen connection’s is acme): the key is sent to none of its connections.`;
    expect(outcomes(table)).toEqual([
      ['/TDWebApi', skipped(THIS_SERVER_ORGANIZATION)],
      ['/SBTDWebApi', skipped(THIS_SERVER_ORGANIZATION)],
      ['/relay/acme', 'Wrong keyWrong.'],
      ['/relay/other', skipped('other')],
      ['/relay/acme-sb', 'Wrong keyWrong.'],
    ]);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Tested on 2 connections. Wrong key: 2. Not tested on 3 connections of other organizations.',
    );
  });

  it('on this server, tests its own two connections and none of the tenants', async () => {
    const { sent } = stubFetch(answerFor, { relays: [relayTenant('acme')] });
    const { user } = await open();
    await screen.findByRole('option', { name: 'acme' });
    expect(useConnectionStore.getState().selected.id).toBe('emulator');
    const table = await testEverywhere(user);
    await vi.waitFor(() => expect(within(table).queryByText('Testing…')).toBeNull());
    expect(sent.map((r) => r.url)).toEqual([
      '/TDWebApi/api/auth/loginadmin',
      '/SBTDWebApi/api/auth/loginadmin',
    ]);
    expect(outcomes(table).map(([base, outcome]) => [base, outcome?.slice(0, 10)])).toEqual([
      ['/TDWebApi', 'WorksToken'],
      ['/SBTDWebApi', 'InactiveTh'],
      ['/relay/acme', 'Not tested'],
    ]);
  });
});
