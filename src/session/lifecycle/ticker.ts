import { useSyncExternalStore } from 'react';
import { now } from '@/lib/clock';

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let tick = now();

function notify() {
  tick = now();
  for (const listener of listeners) listener();
}

function onVisibility() {
  if (document.visibilityState === 'visible') notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    // Each tick reads the clock afresh: throttled background timers or a sleeping laptop cannot make it drift.
    timer = setInterval(notify, 1000);
    queueMicrotask(notify);
    document.addEventListener('visibilitychange', onVisibility);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    }
  };
}

/** The browser clock, re-read every second and whenever the tab becomes visible again. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => tick);
}
