import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DEFAULT_LOCKOUT, Lockout } from '../../server/auth/lockout.ts';
import { ManualClock } from '../../server/testing/manual-clock.ts';
import { MAX_CALLERS_PER_METHOD, RateLimiter } from '../../server/rate-limit/limiter.ts';
import type { BenchContext, Section, SectionResult } from '../section.ts';
import { round } from '../stats.ts';

const CALLERS = 100_000;
const WINDOW = { limit: 60, windowMs: 60_000 };

/** The collector, reachable without --expose-gc on the command line, so heap figures are of live objects only. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Heap plus array buffers (the lock table is one), in MB, that the objects made by `fill` still hold. */
function retainedMb(gc: () => void, fill: () => unknown): { mb: number; held: unknown } {
  gc();
  const before = process.memoryUsage();
  const held = fill();
  gc();
  const after = process.memoryUsage();
  const bytes = after.heapUsed - before.heapUsed + (after.arrayBuffers - before.arrayBuffers);
  return { mb: round(bytes / 1e6, 1), held };
}

const ipv4 = (i: number) => `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`;

function measure(log: BenchContext['log']): SectionResult {
  const gc = collector();
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  log(
    `${CALLERS.toLocaleString('en-US')} distinct IPv4 callers, one call each, on one method in one window.`,
  );
  const callers = retainedMb(gc, () => {
    const limiter = new RateLimiter(clock);
    for (let i = 0; i < CALLERS; i++) limiter.hit('auth', ipv4(i), WINDOW);
    return limiter;
  });
  const callersTwice = retainedMb(gc, () => {
    const limiter = new RateLimiter(clock);
    for (let i = 0; i < 2 * CALLERS; i++) limiter.hit('auth', ipv4(i), WINDOW);
    return limiter;
  });
  const oneBlock = retainedMb(gc, () => {
    const limiter = new RateLimiter(clock);
    for (let i = 0; i < CALLERS; i++)
      limiter.hit('auth', `2001:db8:1:2:${(i >> 16).toString(16)}::${(i & 0xffff).toString(16)}`, WINDOW);
    return limiter;
  });
  const counters = (held: unknown) => (held as RateLimiter).size;
  log(
    `${callers.mb} MB for ${counters(callers.held).toLocaleString('en-US')} counters; twice the callers: ` +
      `${callersTwice.mb} MB (counters capped at ${MAX_CALLERS_PER_METHOD.toLocaleString('en-US')} per method); ` +
      `${CALLERS.toLocaleString('en-US')} addresses of one IPv6 /64: ${counters(oneBlock.held)} counter.`,
  );

  log(
    `${CALLERS.toLocaleString('en-US')} and then twice as many failed sign-ins, each on a new made-up name.`,
  );
  const names = (count: number) =>
    retainedMb(gc, () => {
      const lockout = new Lockout(clock);
      for (let i = 0; i < count; i++) lockout.recordFailure(`made-up-${i}`);
      return lockout;
    });
  const lockout = names(CALLERS);
  const lockoutTwice = names(2 * CALLERS);
  const lockTableMb = round((DEFAULT_LOCKOUT.lockSlots * 8) / 1e6, 1);
  log(
    `${lockout.mb} MB, then ${lockoutTwice.mb} MB (of which the fixed lock table: ${lockTableMb} MB; ` +
      `failure counts capped at ${DEFAULT_LOCKOUT.maxTracked.toLocaleString('en-US')} names).`,
  );
  return {
    rows: [
      {
        figure: `rate-limit counters, ${CALLERS.toLocaleString('en-US')} callers`,
        value: `${callers.mb} MB`,
        note: `one method; ${(2 * CALLERS).toLocaleString('en-US')} callers: ${callersTwice.mb} MB (capped)`,
      },
      {
        figure: `lockout, ${CALLERS.toLocaleString('en-US')} made-up names`,
        value: `${lockout.mb} MB`,
        note: `${(2 * CALLERS).toLocaleString('en-US')} names: ${lockoutTwice.mb} MB (capped)`,
      },
    ],
    figures: {
      callers: CALLERS,
      rateLimitMb: callers.mb,
      rateLimitCounters: counters(callers.held),
      rateLimitTwiceMb: callersTwice.mb,
      rateLimitTwiceCounters: counters(callersTwice.held),
      maxCallersPerMethod: MAX_CALLERS_PER_METHOD,
      oneIpv6BlockCounters: counters(oneBlock.held),
      lockoutMb: lockout.mb,
      lockoutTwiceMb: lockoutTwice.mb,
      lockTableMb,
      maxTrackedNames: DEFAULT_LOCKOUT.maxTracked,
    },
  };
}

/** What the rate limiter and the lockout keep for floods of distinct callers and names, measured in this process. */
export const memoryBounds: Section = {
  key: 'memoryBounds',
  title: 'Memory bounds: rate-limit counters and lockout, in-process',
  run: ({ log }) => Promise.resolve(measure(log)),
};
