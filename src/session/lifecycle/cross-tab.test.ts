import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCrossTabSync } from './cross-tab';
import { startFollowingSession } from './follow-session';
import { SESSION_STORAGE_KEY, useSessionStore } from '../stores/session-store';
import type { Session } from '../session';
import { testSession } from '@/testing/session';

const CHANNEL = 'auth-console.session';

type TabMessage = { type: 'signed-in'; session: Session } | { type: 'signed-out' } | { type: 'hello' };

function session(username: string, issuedAt = Date.now()): Session {
  return testSession({ username, issuedAt });
}

/** Resolves with the store's state once it satisfies `ready` (messages between tabs arrive asynchronously). */
function storeWhen(ready: (session: Session | null) => boolean) {
  return new Promise<Session | null>((resolve) => {
    const stop = useSessionStore.subscribe((state) => {
      if (!ready(state.session)) return;
      stop();
      resolve(state.session);
    });
  });
}

function nextMessage(channel: BroadcastChannel) {
  return new Promise<TabMessage>((resolve) => {
    channel.addEventListener('message', (event) => resolve((event as MessageEvent<TabMessage>).data), {
      once: true,
    });
  });
}

function cacheUser(queryClient: QueryClient, username: string) {
  queryClient.setQueryData(['auth', 'getuser', username], { UserName: username });
}

const cachedQueries = (queryClient: QueryClient) => queryClient.getQueryCache().getAll().length;

describe('cross-tab sync', () => {
  // jsdom has no BroadcastChannel; Node's, which the test environment keeps, delivers between instances alike.
  let otherTab: BroadcastChannel;
  let queryClient: QueryClient;
  let stop: () => void;

  beforeEach(() => {
    expect(typeof BroadcastChannel).toBe('function');
    queryClient = new QueryClient();
    stop = startCrossTabSync(queryClient);
    otherTab = new BroadcastChannel(CHANNEL);
  });

  afterEach(() => {
    stop();
    otherTab.close();
  });

  it('signs this tab out when another tab signs out, dropping cached data and the stored token', async () => {
    const mine = session('jdoe@example.edu');
    useSessionStore.getState().adopt(mine);
    cacheUser(queryClient, 'jdoe@example.edu');
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toContain(mine.token);

    const signedOut = storeWhen((s) => s === null);
    otherTab.postMessage({ type: 'signed-out' } satisfies TabMessage);
    await signedOut;

    expect(useSessionStore.getState().lastSignOut).toBe('other-tab');
    expect(cachedQueries(queryClient)).toBe(0);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).not.toContain(mine.token);
  });

  it("adopts another user's sign-in from another tab, dropping the previous user's data first", async () => {
    useSessionStore.getState().adopt(session('jdoe@example.edu'));
    cacheUser(queryClient, 'jdoe@example.edu');
    const theirs = session('asmith@example.edu');

    const adopted = storeWhen((s) => s?.token === theirs.token);
    otherTab.postMessage({ type: 'signed-in', session: theirs } satisfies TabMessage);

    expect(await adopted).toEqual(theirs);
    expect(cachedQueries(queryClient)).toBe(0);
  });

  it('keeps cached data when another tab signs the same user in again', async () => {
    useSessionStore.getState().adopt(session('jdoe@example.edu', Date.now() - 60_000));
    cacheUser(queryClient, 'jdoe@example.edu');
    const renewed = session('jdoe@example.edu');

    const adopted = storeWhen((s) => s?.token === renewed.token);
    otherTab.postMessage({ type: 'signed-in', session: renewed } satisfies TabMessage);

    await adopted;
    expect(cachedQueries(queryClient)).toBe(1);
  });

  it('tells the other tabs when this tab signs in and out', async () => {
    const mine = session('jdoe@example.edu');
    let message = nextMessage(otherTab);
    useSessionStore.getState().adopt(mine);
    expect(await message).toEqual({ type: 'signed-in', session: mine });

    message = nextMessage(otherTab);
    useSessionStore.getState().signOut('user');
    expect(await message).toEqual({ type: 'signed-out' });
  });

  it('does not echo what it was told back to the other tabs', async () => {
    const heard: TabMessage[] = [];
    otherTab.addEventListener('message', (event) => heard.push((event as MessageEvent<TabMessage>).data));
    const mine = session('jdoe@example.edu');
    const first = nextMessage(otherTab);
    useSessionStore.getState().adopt(mine);
    await first;
    const theirs = session('asmith@example.edu');
    const adopted = storeWhen((s) => s?.token === theirs.token);
    otherTab.postMessage({ type: 'signed-in', session: theirs } satisfies TabMessage);
    await adopted;

    // Messages from one tab arrive in order: had the adoption been echoed, it would come before the sign-out.
    const last = nextMessage(otherTab);
    useSessionStore.getState().signOut('user');
    await last;
    expect(heard).toEqual([{ type: 'signed-in', session: mine }, { type: 'signed-out' }]);
  });

  it('never sends a memory-only session to other tabs (they do not adopt it); its sign-out still goes', async () => {
    const heard: TabMessage[] = [];
    otherTab.addEventListener('message', (event) => heard.push((event as MessageEvent<TabMessage>).data));
    useSessionStore.getState().setMemoryOnly(true);
    const mine = session('jdoe@example.edu');
    useSessionStore.getState().adopt(mine);

    // Messages from one tab arrive in order: a sent sign-in would come before the sign-out.
    const last = nextMessage(otherTab);
    useSessionStore.getState().signOut('user');
    await last;
    expect(heard).toEqual([{ type: 'signed-out' }]);
  });

  it('a new tab without a session says hello, and joins the session another tab answers with', async () => {
    stop();
    const hello = nextMessage(otherTab);
    stop = startCrossTabSync(queryClient);
    expect(await hello).toEqual({ type: 'hello' });

    const theirs = session('jdoe@example.edu');
    const adopted = storeWhen((s) => s?.token === theirs.token);
    otherTab.postMessage({ type: 'signed-in', session: theirs } satisfies TabMessage);
    expect(await adopted).toEqual(theirs);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toContain(theirs.token);
  });

  it('answers a new tab’s hello with this tab’s session, but never with a memory-only one', async () => {
    const mine = session('jdoe@example.edu');
    const first = nextMessage(otherTab);
    useSessionStore.getState().adopt(mine);
    await first;
    const answer = nextMessage(otherTab);
    otherTab.postMessage({ type: 'hello' } satisfies TabMessage);
    expect(await answer).toEqual({ type: 'signed-in', session: mine });

    useSessionStore.getState().setMemoryOnly(true);
    const heard: TabMessage[] = [];
    otherTab.addEventListener('message', (event) => heard.push((event as MessageEvent<TabMessage>).data));
    otherTab.postMessage({ type: 'hello' } satisfies TabMessage);
    // Let the hello be handled (a round trip on the channel), then end the session: only the sign-out is heard.
    await new Promise<void>((resolve) => {
      const echo = new BroadcastChannel(CHANNEL);
      echo.onmessage = () => {
        echo.close();
        resolve();
      };
      otherTab.postMessage({ type: 'hello' } satisfies TabMessage);
    });
    const last = nextMessage(otherTab);
    useSessionStore.getState().signOut('user');
    await last;
    expect(heard).toEqual([{ type: 'signed-out' }]);
  });

  it('ignores a sign-out from another tab when this tab is already signed out', async () => {
    const cleared = vi.spyOn(queryClient, 'clear');
    otherTab.postMessage({ type: 'signed-out' } satisfies TabMessage);
    const later = session('asmith@example.edu');
    const adopted = storeWhen((s) => s?.token === later.token);
    otherTab.postMessage({ type: 'signed-in', session: later } satisfies TabMessage);
    await adopted;
    expect(useSessionStore.getState().lastSignOut).toBeNull();
    // Only the adoption cleared (nothing was cached, the user changed from nobody to asmith).
    expect(cleared).toHaveBeenCalledTimes(1);
  });

  it('adopts a session from another tab only if it passes the checks a stored session gets', async () => {
    const good = session('jdoe@example.edu');
    // Issued 25 hours ago by a server whose clock agrees with this browser's: expired an hour ago.
    const expired = { ...session('jdoe@example.edu', Date.now() - 25 * 60 * 60_000), clockOffsetMs: 0 };
    const other = session('asmith@example.edu');
    const bad: unknown[] = [
      { ...good, username: 'asmith@example.edu' },
      { ...good, expiresAt: good.expiresAt + 60 * 60_000 },
      { ...good, token: 'not.a.token' },
      { ...good, token: other.token },
      { ...good, token: 42 },
      expired,
      null,
      'jdoe@example.edu',
    ];
    const seen: (Session | null)[] = [];
    const stopWatching = useSessionStore.subscribe((state) => seen.push(state.session));
    for (const forged of bad) otherTab.postMessage({ type: 'signed-in', session: forged });
    otherTab.postMessage({ type: 'signed-in' });
    otherTab.postMessage('signed-in');
    otherTab.postMessage(null);
    // Messages from one tab arrive in order: the good one is adopted after every bad one was handled.
    const adopted = storeWhen((s) => s?.token === good.token);
    otherTab.postMessage({ type: 'signed-in', session: good } satisfies TabMessage);
    await adopted;
    stopWatching();
    expect(seen).toEqual([good]);
  });

  it('rebuilds an adopted session from its token: claims, expiry and connection are not taken on trust', async () => {
    const good = session('jdoe@example.edu');
    const forged = {
      ...good,
      claims: { ...good.claims, unique_name: 'asmith@example.edu' },
      header: { alg: 'none' },
      connection: { id: 'evil', label: 'Evil', baseUrl: 'https://evil.example/TDWebApi', extra: 1 },
      beid: 'not a guid',
    };
    const adopted = storeWhen((s) => s?.token === good.token);
    otherTab.postMessage({ type: 'signed-in', session: forged });
    expect(await adopted).toEqual(good);
  });

  it('does nothing, and does not fail, where there is no BroadcastChannel', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    try {
      const stopNothing = startCrossTabSync(new QueryClient());
      useSessionStore.getState().adopt(session('jdoe@example.edu'));
      expect(() => stopNothing()).not.toThrow();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('session lifecycle', () => {
  let queryClient: QueryClient;
  let stop: () => void;

  beforeEach(() => {
    queryClient = new QueryClient();
    stop = startFollowingSession(queryClient);
  });

  afterEach(() => {
    stop();
  });

  it("clears the query cache when another user's session replaces this one", () => {
    useSessionStore.getState().adopt(session('jdoe@example.edu'));
    cacheUser(queryClient, 'jdoe@example.edu');
    useSessionStore.getState().adopt(session('asmith@example.edu'));
    expect(cachedQueries(queryClient)).toBe(0);
  });

  it('keeps the cache when the same user gets a new token', () => {
    useSessionStore.getState().adopt(session('jdoe@example.edu', Date.now() - 60_000));
    cacheUser(queryClient, 'jdoe@example.edu');
    useSessionStore.getState().adopt(session('jdoe@example.edu'));
    expect(cachedQueries(queryClient)).toBe(1);
  });

  it('clears the query cache on sign-out', () => {
    useSessionStore.getState().adopt(session('jdoe@example.edu'));
    cacheUser(queryClient, 'jdoe@example.edu');
    useSessionStore.getState().signOut('user');
    expect(cachedQueries(queryClient)).toBe(0);
  });
});
