import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadOnStaleChunk } from './reload-on-stale-chunk';

const BUILD = 'http://console.test/assets/index-OLD1.js';
const OLD_INDEX = '<script type="module" crossorigin src="/assets/index-OLD1.js"></script>';
const NEW_INDEX = '<script type="module" crossorigin src="/assets/index-NEW2.js"></script>';

/** What Vite's preload helper does when an import fails; returns whether a listener prevented the throw. */
function failImport(): boolean {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

/** Every promise callback queued so far has run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

let stop = () => {};
const reload = vi.fn();

function watch(index: string | null | (() => Promise<string | null>)) {
  const fetchIndex = vi.fn(typeof index === 'function' ? index : () => Promise.resolve(index));
  stop = reloadOnStaleChunk({ build: BUILD, fetchIndex, reload });
  return fetchIndex;
}

beforeEach(() => {
  sessionStorage.clear();
  reload.mockClear();
});

afterEach(() => stop());

describe('a screen whose code could not be fetched', () => {
  it('reloads once when the server now serves another build, and lets the failure reach the screen', async () => {
    watch(NEW_INDEX);
    expect(failImport()).toBe(false);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('does not reload a second time for the same build', async () => {
    watch(NEW_INDEX);
    failImport();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    stop();
    // The page after the reload, if it came back with the same build (a cache in the way).
    const fetchIndex = watch(NEW_INDEX);
    failImport();
    await settled();
    expect(fetchIndex).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['the server cannot be reached: the browser would show its own error page', null],
    ['the server still serves this build: a lost file would stay lost', OLD_INDEX],
  ])('does not reload when %s', async (_case, index) => {
    const fetchIndex = watch(index);
    failImport();
    await vi.waitFor(() => expect(fetchIndex).toHaveBeenCalledTimes(1));
    await settled();
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.length).toBe(0);
  });

  it('asks the server once for failures that come together (a screen and its parts)', async () => {
    let answer: (index: string) => void = () => {};
    const fetchIndex = watch(() => new Promise((resolve) => (answer = resolve)));
    failImport();
    failImport();
    failImport();
    answer(NEW_INDEX);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(fetchIndex).toHaveBeenCalledTimes(1);
  });
});
