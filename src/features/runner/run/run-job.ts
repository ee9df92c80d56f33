import type { Pacer, PaceAnswer } from '../pacing/pacer';
import type { FieldValue, RowResult } from './row-result';

/** What sending one row came to. */
export type RowAnswer =
  /** An answer, whatever its status; `message` says what a status outside 2xx means. */
  | {
      kind: 'answer';
      status: number;
      ms: number;
      pace: PaceAnswer;
      fields: Record<string, FieldValue>;
      message: string;
    }
  /** Not sent: the console holds the method until `retryAt` (a limit another screen met). */
  | { kind: 'held'; retryAt: number }
  /** No answer (the server unreachable), or the session ended: `signedOut` pauses the job for a new sign-in. */
  | { kind: 'failed'; message: string; signedOut: boolean };

type RunPhase = 'running' | 'waiting' | 'paused' | 'cancelled' | 'stopped' | 'finished';

export interface RunProgress {
  phase: RunPhase;
  /** Rows of this run answered (or failed), of `total`. */
  done: number;
  total: number;
  /** Until when the run waits for the limit (browser clock), or null. */
  waitUntil: number | null;
  /** Time left for the rows not done, from the limit, ms. */
  timeLeftMs: number;
  /** Why it paused: asked to, or the session ended and a new sign-in is needed. */
  pausedFor: 'asked' | 'sign-in' | null;
  /** 429s met (each row retried once). */
  refusals: number;
}

export interface RunClock {
  now(): number;
  /** Waits `ms`; ends early when `wake` is called. */
  sleep(ms: number, wake: AbortSignal): Promise<void>;
}

export interface RunOptions {
  /** The rows' indexes to send, in order (all of them, or the failed ones again). */
  queue: readonly number[];
  send(index: number): Promise<RowAnswer>;
  pacer: Pacer;
  clock: RunClock;
  stopOnError: boolean;
  /** Written as each row ends, by its index. */
  results: (RowResult | undefined)[];
  onChange(progress: RunProgress): void;
}

export interface RunControl {
  pause(): void;
  resume(): void;
  cancel(): void;
  /** Settles when the run ends (finished, stopped at an error, or cancelled). */
  ended: Promise<RunProgress>;
}

/**
 * Sends the rows one after another at the pace the pacer sets: a spent window waits for its reset, a 429 waits as
 * it says and sends that row once more, a row the console holds back for a limit waits and goes again. Paused, it
 * ends the call under way and waits; cancelled, it sends nothing more.
 */
export function runJob(options: RunOptions): RunControl {
  const { queue, pacer, clock, results } = options;
  const retried = new Set<number>();
  let position = 0;
  let paused: RunProgress['pausedFor'] = null;
  let cancelled = false;
  let wake = new AbortController();
  let refusals = 0;
  let phase: RunPhase = 'running';
  let waitUntil: number | null = null;

  const progress = (): RunProgress => ({
    phase,
    done: position,
    total: queue.length,
    waitUntil,
    timeLeftMs: pacer.timeLeft(queue.length - position, clock.now()),
    pausedFor: paused,
    refusals,
  });
  const emit = () => options.onChange(progress());
  const interrupt = () => {
    wake.abort();
    wake = new AbortController();
  };

  async function loop(): Promise<RunProgress> {
    emit();
    while (position < queue.length && !cancelled) {
      if (paused) {
        phase = 'paused';
        waitUntil = null;
        emit();
        await clock.sleep(Number.POSITIVE_INFINITY, wake.signal);
        continue;
      }
      const at = pacer.nextCallAt();
      if (at !== null && at > clock.now()) {
        phase = 'waiting';
        waitUntil = at;
        emit();
        await clock.sleep(at - clock.now(), wake.signal);
        continue;
      }
      phase = 'running';
      waitUntil = null;
      const index = queue[position]!;
      pacer.sent(clock.now());
      const answer = await options.send(index);
      if (answer.kind === 'held') {
        pacer.answered({ kind: 'refused', retryAt: answer.retryAt }, clock.now());
        continue;
      }
      if (answer.kind === 'failed') {
        results[index] = {
          ok: false,
          status: null,
          ms: 0,
          message: answer.message,
          fields: {},
          retried: retried.has(index),
        };
        if (answer.signedOut) {
          // The row goes again once signed in anew: only its result so far is kept.
          paused = 'sign-in';
          continue;
        }
      } else {
        pacer.answered(answer.pace, clock.now());
        if (answer.status === 429) {
          refusals++;
          if (!retried.has(index)) {
            retried.add(index);
            continue;
          }
        }
        const ok = answer.status >= 200 && answer.status < 300;
        results[index] = {
          ok,
          status: answer.status,
          ms: answer.ms,
          message: ok ? '' : answer.message,
          fields: answer.fields,
          retried: retried.has(index),
        };
      }
      position++;
      if (!results[index]?.ok && options.stopOnError) {
        phase = 'stopped';
        emit();
        return progress();
      }
      emit();
    }
    phase = cancelled ? 'cancelled' : 'finished';
    waitUntil = null;
    emit();
    return progress();
  }

  return {
    pause() {
      if (!paused && !cancelled) {
        paused = 'asked';
        interrupt();
      }
    },
    resume() {
      if (paused && !cancelled) {
        paused = null;
        interrupt();
      }
    },
    cancel() {
      cancelled = true;
      paused = null;
      interrupt();
    },
    ended: loop(),
  };
}

/** The browser's timers and the console's one clock: page.clock and fake timers move both. */
export function timerClock(now: () => number): RunClock {
  return {
    now,
    sleep: (ms, wake) =>
      new Promise((resolve) => {
        if (wake.aborted) return resolve();
        const timer = Number.isFinite(ms) ? setTimeout(done, Math.max(0, ms)) : undefined;
        function done() {
          clearTimeout(timer);
          wake.removeEventListener('abort', done);
          resolve();
        }
        wake.addEventListener('abort', done);
      }),
  };
}
