import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPacer, RESET_MARGIN_MS } from '../pacing/pacer';
import type { RowResult } from './row-result';
import { runJob, timerClock, type RowAnswer, type RunProgress } from './run-job';

const LIMIT = { calls: 3, windowSeconds: 60, scope: 'ip' } as const;

/** A server of `limit` calls a window, on the same (fake) clock: what each row's call gets. */
function limitedServer(limit = 3) {
  let windowEnd = 0;
  let used = 0;
  const sentAt: number[] = [];
  return {
    sentAt,
    /** Another client spends the window. */
    spend() {
      this.call();
      used = limit;
    },
    call(): RowAnswer {
      const now = Date.now();
      sentAt.push(now);
      if (now >= windowEnd) {
        windowEnd = now + 60_000;
        used = 0;
      }
      used++;
      const pace = {
        kind: 'headers',
        limit,
        remaining: Math.max(0, limit - used),
        resetAt: windowEnd,
      } as const;
      if (used > limit)
        return {
          kind: 'answer',
          status: 429,
          ms: 5,
          pace: { kind: 'refused', retryAt: windowEnd },
          fields: {},
          message: 'Too many calls',
        };
      return { kind: 'answer', status: 200, ms: 5, pace, fields: { n: sentAt.length }, message: '' };
    },
  };
}

function start(answer: (index: number) => RowAnswer | Promise<RowAnswer>, rows: number, stopOnError = false) {
  const results: (RowResult | undefined)[] = [];
  const seen: RunProgress[] = [];
  const control = runJob({
    queue: Array.from({ length: rows }, (_, i) => i),
    send: (index) => Promise.resolve(answer(index)),
    pacer: createPacer(LIMIT),
    clock: timerClock(() => Date.now()),
    stopOnError,
    results,
    onChange: (progress) => seen.push(progress),
  });
  return { control, results, seen };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => vi.useRealTimers());

describe('runJob', () => {
  it('sends a window’s calls at once, waits for the reset and the margin, and meets no 429', async () => {
    const server = limitedServer();
    const { control, results, seen } = start(() => server.call(), 7);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.sentAt).toHaveLength(3);
    expect(seen.at(-1)).toMatchObject({
      phase: 'waiting',
      done: 3,
      total: 7,
      waitUntil: 1_060_000 + RESET_MARGIN_MS,
    });
    expect(seen.at(-1)!.timeLeftMs).toBe(2 * (60_000 + RESET_MARGIN_MS));
    await vi.advanceTimersByTimeAsync(60_000 + RESET_MARGIN_MS);
    expect(server.sentAt).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(60_000 + RESET_MARGIN_MS);
    const end = await control.ended;
    expect(end).toMatchObject({ phase: 'finished', done: 7, refusals: 0 });
    expect(results.map((r) => r?.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
  });

  it('a 429 (another client spent the window) waits as it says and sends that row once more', async () => {
    const server = limitedServer();
    server.spend();
    const { control, results } = start(() => server.call(), 2);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.sentAt).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(60_000 + RESET_MARGIN_MS);
    expect(await control.ended).toMatchObject({ phase: 'finished', refusals: 1 });
    expect(results.map((r) => [r?.status, r?.retried])).toEqual([
      [200, true],
      [200, false],
    ]);
  });

  it('a second 429 for the same row is its result', async () => {
    const refused: RowAnswer = {
      kind: 'answer',
      status: 429,
      ms: 1,
      pace: { kind: 'refused', retryAt: Date.now() + 1000 },
      fields: {},
      message: 'Too many calls',
    };
    const { control, results } = start(
      () => ({ ...refused, pace: { kind: 'refused', retryAt: Date.now() + 1000 } }),
      1,
    );
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await control.ended).toMatchObject({ phase: 'finished', refusals: 2 });
    expect(results[0]).toMatchObject({ ok: false, status: 429, retried: true, message: 'Too many calls' });
  });

  it('stops at the first error when asked, or goes on', async () => {
    const answer = (status: number): RowAnswer => ({
      kind: 'answer',
      status,
      ms: 1,
      pace: { kind: 'silent' },
      fields: {},
      message: status === 404 ? 'Not found' : '',
    });
    const statuses = [200, 404, 200];
    const stopping = start((i) => answer(statuses[i]!), 3, true);
    await vi.advanceTimersByTimeAsync(0);
    expect(await stopping.control.ended).toMatchObject({ phase: 'stopped', done: 2 });
    expect(stopping.results[2]).toBeUndefined();
    const going = start((i) => answer(statuses[i]!), 3, false);
    await vi.advanceTimersByTimeAsync(0);
    expect(await going.control.ended).toMatchObject({ phase: 'finished', done: 3 });
    expect(going.results.map((r) => r?.ok)).toEqual([true, false, true]);
  });

  it('pauses after the call under way, resumes, and sends nothing more once cancelled', async () => {
    const server = limitedServer(100);
    let release: () => void = () => {};
    const { control, seen } = start(
      () => new Promise<RowAnswer>((resolve) => (release = () => resolve(server.call()))),
      5,
    );
    control.pause();
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.sentAt).toHaveLength(1);
    expect(seen.at(-1)).toMatchObject({ phase: 'paused', pausedFor: 'asked', done: 1 });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(server.sentAt).toHaveLength(1);
    control.resume();
    await vi.advanceTimersByTimeAsync(0);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.sentAt).toHaveLength(2);
    control.cancel();
    release();
    expect(await control.ended).toMatchObject({ phase: 'cancelled', done: 3 });
    expect(server.sentAt).toHaveLength(3);
  });

  it('a cancel ends a wait for the window at once', async () => {
    const server = limitedServer(1);
    const { control } = start(() => server.call(), 3);
    await vi.advanceTimersByTimeAsync(0);
    control.cancel();
    expect(await control.ended).toMatchObject({ phase: 'cancelled', done: 1 });
  });

  it('a session that ended pauses the job for a new sign-in; resumed, the row goes again', async () => {
    let signedIn = false;
    const { control, seen, results } = start(
      () =>
        signedIn
          ? { kind: 'answer', status: 200, ms: 1, pace: { kind: 'silent' }, fields: {}, message: '' }
          : { kind: 'failed', message: 'Your session has expired.', signedOut: true },
      2,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.at(-1)).toMatchObject({ phase: 'paused', pausedFor: 'sign-in', done: 0 });
    expect(results[0]).toMatchObject({ ok: false, message: 'Your session has expired.' });
    signedIn = true;
    control.resume();
    expect(await control.ended).toMatchObject({ phase: 'finished', done: 2 });
    expect(results.map((r) => r?.ok)).toEqual([true, true]);
  });

  it('a row the console holds back for a limit waits and goes again, without counting a retry', async () => {
    let held = true;
    const { control, results } = start(() => {
      if (held) {
        held = false;
        return { kind: 'held', retryAt: Date.now() + 5000 };
      }
      return { kind: 'answer', status: 200, ms: 1, pace: { kind: 'silent' }, fields: {}, message: '' };
    }, 1);
    await vi.advanceTimersByTimeAsync(5000 + RESET_MARGIN_MS);
    expect(await control.ended).toMatchObject({ phase: 'finished', refusals: 0 });
    expect(results[0]).toMatchObject({ ok: true, retried: false });
  });
});
