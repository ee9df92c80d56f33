import { DEMO, login, startTestServer, type TestServer } from '../../server/testing/start-server.ts';
import { createPacer, type PaceAnswer } from '../../src/features/runner/pacing/pacer.ts';
import { runJob, type RowAnswer, type RunClock } from '../../src/features/runner/run/run-job.ts';
import type { RowResult } from '../../src/features/runner/run/row-result.ts';
import type { Row, Section, SectionResult } from '../section.ts';

/** The job: 300 rows of GET person by UID at the real service's limit, 60 calls a 60 s window. */
const ROWS = 300;
const LIMIT = { calls: 60, windowSeconds: 60, scope: 'ip' } as const;
/** What a call takes on the simulated clock: a tenant's answer, some 250 ms away. */
const CALL_MS = 250;
/** The browser's clock is behind the server's by this much: the pace reads Reset through the skew correction. */
const BROWSER_BEHIND_MS = 37_000;
const TARGET_PER_WINDOW = 57;

interface Figures {
  /** Calls in each full window the server counted (the last, partial one left out). */
  callsPerWindow: number[];
  minCallsPerWindow: number;
  refusals: number;
  simulatedSeconds: number;
}

/** The browser's clock, on the server's manual clock shifted by the skew; waiting moves both at once. */
function simulatedClock(server: TestServer): RunClock {
  return {
    now: () => server.clock.now() - BROWSER_BEHIND_MS,
    sleep: (ms, wake) => {
      if (!wake.aborted && Number.isFinite(ms)) server.clock.advance(Math.max(0, ms));
      return Promise.resolve();
    },
  };
}

/** One call of the job: its answer's rate-limit headers read as the console reads them, Reset on the browser's clock. */
async function call(
  server: TestServer,
  token: string,
  clock: RunClock,
  windows: Map<string, number>,
): Promise<RowAnswer> {
  const answer = await fetch(`${server.api}/people/${'c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8'}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  await answer.arrayBuffer();
  server.clock.advance(CALL_MS);
  const reset = answer.headers.get('X-RateLimit-Reset') ?? '';
  if (answer.status !== 429) windows.set(reset, (windows.get(reset) ?? 0) + 1);
  const skew = Date.parse(answer.headers.get('Date') ?? '') - clock.now();
  const retryAfter = Number(answer.headers.get('Retry-After'));
  const pace: PaceAnswer =
    answer.status === 429
      ? { kind: 'refused', retryAt: clock.now() + retryAfter * 1000 }
      : {
          kind: 'headers',
          limit: Number(answer.headers.get('X-RateLimit-Limit')),
          remaining: Number(answer.headers.get('X-RateLimit-Remaining')),
          resetAt: Date.parse(reset) - skew,
        };
  return { kind: 'answer', status: answer.status, ms: CALL_MS, pace, fields: {}, message: '' };
}

/** The job through the runner's own loop, paced by the pacer or by a fixed delay after each call. */
async function job(fixedDelayMs: number | null): Promise<Figures> {
  const server = await startTestServer({ config: { rateLimit: LIMIT.calls } });
  try {
    const token = await login(server.api, DEMO.jdoe);
    const clock = simulatedClock(server);
    const windows = new Map<string, number>();
    const started = server.clock.now();
    const results: (RowResult | undefined)[] = [];
    let refusals = 0;
    const fixed = {
      nextCallAt: () => null,
      sent: () => {},
      answered: () => {},
      timeLeft: () => 0,
    };
    const control = runJob({
      queue: Array.from({ length: ROWS }, (_, i) => i),
      send: async () => {
        const answer = await call(server, token, clock, windows);
        if (answer.kind === 'answer' && answer.status === 429) refusals++;
        if (fixedDelayMs !== null) server.clock.advance(fixedDelayMs);
        return answer;
      },
      pacer: fixedDelayMs === null ? createPacer(LIMIT) : fixed,
      clock,
      stopOnError: false,
      results,
      onChange: () => {},
    });
    await control.ended;
    const counts = [...windows.values()];
    const full = counts.slice(0, -1);
    return {
      callsPerWindow: full,
      minCallsPerWindow: Math.min(...full),
      refusals,
      simulatedSeconds: Math.round((server.clock.now() - started) / 1000),
    };
  } finally {
    await server.stop(true);
  }
}

/**
 * A 300-row job against the emulator at 60 calls per 60 s, on a simulated clock (the server's manual clock; the
 * browser's 37 s behind it): the runner's pace by the answers' own headers beside a fixed 1 s delay after each call.
 */
export const runnerPace: Section = {
  key: 'runnerPace',
  title:
    'Runner: 300 rows at 60 calls per 60 s, paced by the headers beside a fixed 1 s delay (simulated clock)',
  async run({ log }): Promise<SectionResult> {
    const paced = await job(null);
    log(`paced: ${paced.callsPerWindow.join(', ')} calls per window, ${paced.refusals} 429s`);
    const fixed = await job(1000);
    log(`fixed 1 s: ${fixed.callsPerWindow.join(', ')} calls per window, ${fixed.refusals} 429s`);
    const rows: Row[] = [
      {
        figure: 'paced by the headers: calls per full window (fewest)',
        value: String(paced.minCallsPerWindow),
        note: `target ≥ ${TARGET_PER_WINDOW}; ${paced.minCallsPerWindow >= TARGET_PER_WINDOW ? 'met' : 'MISSED'}; ${paced.refusals} 429s (target 0); ${paced.simulatedSeconds} s simulated`,
      },
      {
        figure: 'fixed 1 s delay: calls per full window (fewest)',
        value: String(fixed.minCallsPerWindow),
        note: `${fixed.refusals} 429s; ${fixed.simulatedSeconds} s simulated`,
      },
    ];
    return { rows, figures: { rows: ROWS, callMs: CALL_MS, paced, fixedOneSecond: fixed } };
  },
};
