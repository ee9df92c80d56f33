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

/**
 * Calls `listener` every second and whenever the tab becomes visible again (the first subscriber also soon after it
 * subscribes), until the returned function is called: for what acts on the time without drawing it.
 */
export function subscribeToTicks(listener: () => void): () => void {
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

const noTicks = () => () => {};
const readTick = () => tick;
const notTicking = () => 0;

/**
 * The browser clock, re-read every second and whenever the tab becomes visible again. With `ticking` false it is 0
 * and nothing is drawn again as time passes: a screen that needs the time only now and then (a wait after a rate
 * limit) does not re-render every second, nor once more straight after its first render, the rest of the time.
 */
export function useNow(ticking = true): number {
  return useSyncExternalStore(ticking ? subscribeToTicks : noTicks, ticking ? readTick : notTicking);
}
