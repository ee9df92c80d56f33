import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserQuery } from '@/features/profile/api/get-user';
import { EMULATOR, EMULATOR_SANDBOX } from '@/lib/connection';
import { jsonAnswer, stubFetch, textAnswer, type SentRequest } from '@/testing/fetch';
import { renderRoute } from '@/testing/render';
import { tdToken } from '@/testing/tokens';
import { jdoeRecord } from '@/testing/user-record';
import { useConnectionStore } from '../stores/connection-store';
import { startCrossTabSync } from './cross-tab';
import { startFollowingSession } from './follow-session';
import { useSessionStore } from '../stores/session-store';
import type { Session } from '../session';
import { testSession } from '@/testing/session';

const ADMIN = 'api-admin@example.edu';

function sessionOn(connection: typeof EMULATOR, username = 'jdoe@example.edu'): Session {
  return testSession({ username, connection });
}

function server(request: SentRequest) {
  if (request.url.endsWith('/api/auth/getuser')) return jsonAnswer(jdoeRecord());
  return textAnswer(tdToken(ADMIN, Date.now()));
}

const calls = (sent: SentRequest[]) => sent.map((r) => `${r.method} ${r.url}`);

describe('one session, one connection', () => {
  let stops: (() => void)[] = [];
  afterEach(() => {
    for (const stop of stops) stop();
    stops = [];
  });

  it('a token pasted for another connection is verified there, and the session that replaces it belongs there', async () => {
    useSessionStore.getState().adopt(sessionOn(EMULATOR, 'asmith@example.edu'));
    useConnectionStore.getState().select(EMULATOR_SANDBOX);
    const pasted = tdToken('jdoe@example.edu', Date.now());
    const { sent } = stubFetch(server);
    const { user } = renderRoute('/sso?returnTo=%2Fprofile');
    await user.click(await screen.findByRole('textbox', { name: 'Token' }));
    await user.paste(pasted);
    await user.click(screen.getByRole('button', { name: 'Check token' }));
    await user.click(screen.getByRole('button', { name: 'Verify with getuser and sign in' }));

    await screen.findByRole('heading', { name: 'Identity' });
    expect(calls(sent)).toEqual(['GET /SBTDWebApi/api/auth/getuser', 'GET /SBTDWebApi/api/auth/getuser']);
    expect(sent[0]?.headers.Authorization).toBe(`Bearer ${pasted}`);
    expect(useSessionStore.getState().session).toMatchObject({ token: pasted, connection: EMULATOR_SANDBOX });
  });

  it("a key sign-in after adopting another tab's session goes to, and is labelled with, that session's connection", async () => {
    const queryClient = new QueryClient();
    stops = [startFollowingSession(queryClient), startCrossTabSync(queryClient)];
    const otherTab = new BroadcastChannel('auth-console.session');
    stops.push(() => otherTab.close());
    const theirs = sessionOn(EMULATOR_SANDBOX);
    const adopted = new Promise<void>((resolve) =>
      useSessionStore.subscribe((state) => state.session?.token === theirs.token && resolve()),
    );
    otherTab.postMessage({ type: 'signed-in', session: theirs });
    await adopted;
    expect(useConnectionStore.getState().selected).toEqual(EMULATOR_SANDBOX);

    const { sent } = stubFetch(server);
    const { user } = renderRoute('/admin-key');
    await user.click(await screen.findByRole('textbox', { name: /BEID/ }));
    await user.paste('5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f10');
    await user.click(screen.getByLabelText(/^WebServicesKey/));
    await user.paste('9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d');
    await user.click(screen.getByRole('button', { name: 'Sign in with key' }));

    await vi.waitFor(() => expect(useSessionStore.getState().session?.username).toBe(ADMIN));
    expect(calls(sent)[0]).toBe('POST /SBTDWebApi/api/auth/loginadmin');
    expect(useSessionStore.getState().session?.connection).toEqual(EMULATOR_SANDBOX);
  });

  it('keeps the same user name on two connections apart: their profiles have different keys, the cache is dropped', () => {
    const queryClient = new QueryClient();
    stops = [startFollowingSession(queryClient)];
    expect(currentUserQuery(EMULATOR.id, 'jdoe@example.edu').queryKey).not.toEqual(
      currentUserQuery(EMULATOR_SANDBOX.id, 'jdoe@example.edu').queryKey,
    );
    useSessionStore.getState().adopt(sessionOn(EMULATOR));
    queryClient.setQueryData(currentUserQuery(EMULATOR.id, 'jdoe@example.edu').queryKey, jdoeRecord());
    useSessionStore.getState().adopt(sessionOn(EMULATOR_SANDBOX));
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
