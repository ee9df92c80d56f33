import type { DocumentedLimit } from '@contract/catalog/catalog-entry';

/**
 * How far past a window's reset the next call waits: the Reset header and the Date header the clock difference is
 * read from are whole seconds, so a call right at the reset could still count in the spent window.
 */
export const RESET_MARGIN_MS = 2000;

/** What the pacer knows of the current window, on the browser's clock (the skew already taken off). */
interface PaceWindow {
  limit: number;
  remaining: number;
  resetAt: number;
  windowMs: number;
}

/** What an answer told of the limit: its X-RateLimit headers (reset on the browser's clock), or a 429's retry time. */
export type PaceAnswer =
  | { kind: 'headers'; limit: number; remaining: number; resetAt: number }
  | { kind: 'refused'; retryAt: number }
  | { kind: 'silent' };

export interface Pacer {
  /** Until when the next call waits (browser clock), or null to call now. */
  nextCallAt(): number | null;
  /** A call goes out now. */
  sent(now: number): void;
  /** What its answer told. */
  answered(answer: PaceAnswer, now: number): void;
  /** Time left for `rows` calls from `now`, from the window and the limit, in ms (0 when they fit the window). */
  timeLeft(rows: number, now: number): number;
}

/**
 * The pace of one job: before the first answer, the operation's documented limit (a window assumed to start with
 * the first call); then each answer's own X-RateLimit-Remaining and -Reset. A spent window waits until its reset and
 * the margin; a 429 waits until its retry time and the margin. A pure state machine: the clock is handed in.
 */
export function createPacer(documented: DocumentedLimit): Pacer {
  const documentedMs = documented === 'not documented' ? null : documented.windowSeconds * 1000;
  let window: PaceWindow | null = null;
  let refusedUntil: number | null = null;

  return {
    nextCallAt() {
      const waits: number[] = [];
      if (refusedUntil !== null) waits.push(refusedUntil + RESET_MARGIN_MS);
      if (window && window.remaining <= 0) waits.push(window.resetAt + RESET_MARGIN_MS);
      return waits.length === 0 ? null : Math.max(...waits);
    },
    sent(now) {
      if (refusedUntil !== null && now >= refusedUntil) refusedUntil = null;
      if (window && now >= window.resetAt)
        window = { ...window, remaining: window.limit, resetAt: now + window.windowMs };
      if (!window && documented !== 'not documented')
        window = {
          limit: documented.calls,
          remaining: documented.calls,
          resetAt: now + documentedMs!,
          windowMs: documentedMs!,
        };
      if (window) window = { ...window, remaining: window.remaining - 1 };
    },
    answered(answer, now) {
      if (answer.kind === 'refused') {
        refusedUntil = Math.max(answer.retryAt, now);
        // The refusal ends the window it was counting: a new one starts after the retry time.
        if (window) window = { ...window, remaining: 0, resetAt: refusedUntil };
        return;
      }
      if (answer.kind !== 'headers') return;
      // The window's length: the documented one, else the time left in the first window heard of.
      const windowMs = window?.windowMs ?? documentedMs ?? Math.max(1000, answer.resetAt - now);
      window = { limit: answer.limit, remaining: answer.remaining, resetAt: answer.resetAt, windowMs };
    },
    timeLeft(rows, now) {
      const limit = window?.limit ?? (documented === 'not documented' ? null : documented.calls);
      const windowMs = window?.windowMs ?? documentedMs;
      if (limit === null || windowMs === null || limit <= 0) return 0;
      const start = Math.max(now, refusedUntil === null ? now : refusedUntil + RESET_MARGIN_MS);
      const remaining =
        refusedUntil !== null && refusedUntil > now ? 0 : Math.max(0, window?.remaining ?? limit);
      if (rows <= remaining) return start - now;
      const resetAt = window && window.resetAt > now ? window.resetAt + RESET_MARGIN_MS : start;
      const windows = Math.ceil((rows - remaining) / limit) - 1;
      return Math.max(start, resetAt) - now + windows * (windowMs + RESET_MARGIN_MS);
    },
  };
}
