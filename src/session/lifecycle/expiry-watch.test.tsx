import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInForTest } from '@/testing/session';
import { useExpiryWatch } from './expiry-watch';
import { useSessionStore } from '../stores/session-store';

/** Stands for the root layout, which runs the watch: counts how often it is drawn. */
function renderCounted() {
  const drawn = { count: 0 };
  function Layout() {
    useExpiryWatch();
    drawn.count++;
    return null;
  }
  render(<Layout />);
  return drawn;
}

describe('the expiry watch', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  });

  it('does not draw the layout it runs in again as the seconds pass', async () => {
    signInForTest();
    const drawn = renderCounted();
    await act(async () => {});
    const before = drawn.count;
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(drawn.count).toBe(before);
    expect(useSessionStore.getState().session).not.toBeNull();
  });

  it('starts no ticker on a signed-out page, and one once a session starts', async () => {
    renderCounted();
    await act(async () => {});
    expect(vi.getTimerCount()).toBe(0);
    act(() => {
      signInForTest();
    });
    expect(vi.getTimerCount()).toBe(1);
  });

  it('still ends the session at its expiry, once', async () => {
    const session = signInForTest();
    const signOuts = vi.fn();
    const stop = useSessionStore.subscribe((state, previous) => {
      if (previous.session && !state.session) signOuts(state.lastSignOut);
    });
    renderCounted();
    await act(async () => {});
    act(() => {
      vi.advanceTimersByTime(session.expiresAt - session.clockOffsetMs - Date.now() + 2_000);
    });
    stop();
    expect(signOuts.mock.calls).toEqual([['expired']]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
