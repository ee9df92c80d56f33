import { describe, expect, it, vi } from 'vitest';
import { EMULATOR_SANDBOX } from '@/lib/connection';
import { useConnectionStore } from '@/session/stores/connection-store';
import { useSessionStore } from '@/session/stores/session-store';
import { signInForTest } from './session';

const realFetch = globalThis.fetch;
const realLog = console.log;

// The two tests run in order: the first leaves behind all it can, the second finds none of it.
describe('the setup every console test runs in', () => {
  it('lets a test stub, spy, fake the clock and sign in', () => {
    vi.stubGlobal('fetch', vi.fn());
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(0);
    signInForTest();
    useConnectionStore.getState().select(EMULATOR_SANDBOX);
    expect(useSessionStore.getState().session).not.toBeNull();
  });

  it('starts the next test as a fresh tab, with the real fetch, console and clock', () => {
    expect(globalThis.fetch).toBe(realFetch);
    expect(console.log).toBe(realLog);
    expect(vi.isFakeTimers()).toBe(false);
    expect(Date.now()).toBeGreaterThan(0);
    expect(useSessionStore.getState().session).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(useConnectionStore.getState().selected.id).not.toBe(EMULATOR_SANDBOX.id);
  });
});
