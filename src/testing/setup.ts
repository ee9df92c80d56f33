import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { CONNECTION_CHOICE_KEY } from '@/lib/connection';
import { LIBRARY_OPEN_KEY } from '@/features/requests/library/library-preference';
import { SAVED_REQUESTS_KEY } from '@/features/requests/saved/saved-requests-key';
import { VARIABLES_KEY } from '@/features/requests/variables/variables-key';

// Screens load on demand: the first import of a lazy route (and of MUI) can take over a second under jsdom.
configure({ asyncUtilTimeout: 5000 });

// Node-environment files have no tab to reset (no storage, no DOM), nor may they load the stores that read one.
const inBrowser = typeof window !== 'undefined';
const { resetConsoleState } = inBrowser ? await import('./reset') : { resetConsoleState: () => {} };
// jsdom lays nothing out, so its scrollTo does nothing but print "Not implemented" on every navigation.
if (inBrowser) window.scrollTo = () => {};

// Every test starts as a fresh tab does, whatever the test before it left.
beforeEach(() => resetConsoleState());

// Without vitest globals, Testing Library cannot register its own automatic cleanup.
afterEach(() => {
  cleanup();
  // What a test stubbed, spied on or faked ends with it.
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetConsoleState();
  if (!inBrowser) return;
  // The console writes to localStorage only the connection a browser chose (an id), the saved requests, the
  // variables (never a token or a secret's value) and whether the library stands open; a test that wrote anything
  // else fails here.
  const allowed = new Set([CONNECTION_CHOICE_KEY, SAVED_REQUESTS_KEY, VARIABLES_KEY, LIBRARY_OPEN_KEY]);
  const left = Object.keys(window.localStorage).filter((key) => !allowed.has(key));
  window.localStorage.clear();
  expect(left, 'keys left in localStorage').toEqual([]);
});
