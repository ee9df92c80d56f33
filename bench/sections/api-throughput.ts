import { DEMO, login } from '../../server/testing/start-server.ts';
import { getUser } from '../api.ts';
import { describeLoad, runLoad, unexpectedAnswers, type LoadResult } from '../load.ts';
import type { BenchContext, Section, SectionResult } from '../section.ts';
import { machineBusyCpuSeconds } from '../process-cpu.ts';
import { median, round } from '../stats.ts';

const TARGET_RATIO = 0.5;

export interface Route {
  name: string;
  path: string;
  headers: Record<string, string>;
}

interface Measurement {
  round: number;
  route: string;
  rps: number;
  latencyMs: { p50: number; p99: number };
  completed: number;
  seconds: number;
  /** Shares of one core, in percent; null where /proc cannot be read. */
  serverCpuPercent: number | null;
  loaderCpuPercent: number;
  /** Everything else on the machine during the run (hypervisor steal included): noise when it is high. */
  otherCpuPercent: number | null;
}

interface RunResult extends LoadResult {
  serverCpu: number | null;
  otherCpu: number | null;
}

const percentOfCore = (cpuSeconds: number | null, seconds: number) =>
  cpuSeconds === null ? null : Math.round((100 * cpuSeconds) / seconds);

const difference = (before: number | null, after: number | null) =>
  before === null || after === null ? null : after - before;

export const formatRps = (rps: number) => Math.round(rps).toLocaleString('en-US');

/** One load run of a route, with the CPU the server and the rest of the machine used; throws on any non-200. */
export async function measure(context: BenchContext, route: Route, seconds: number): Promise<RunResult> {
  const { server, settings } = context;
  const cpuBefore = server.cpuSeconds();
  const machineBefore = machineBusyCpuSeconds();
  const result = await runLoad({
    url: `${server.origin}${route.path}`,
    headers: route.headers,
    seconds,
    connections: settings.connections,
  });
  const cpuAfter = server.cpuSeconds();
  const machineAfter = machineBusyCpuSeconds();
  const problem = unexpectedAnswers(result);
  if (problem) {
    const hint = result.statuses['429']
      ? ` The load exceeded the raised rate limit (${server.rateLimit} per 60 s): lower BENCH_SECONDS or BENCH_ROUNDS.`
      : '';
    throw new Error(
      `GET ${route.path}: expected only 200 answers, got ${problem}.${hint}\n${server.recentOutput()}`,
    );
  }
  const serverCpu = difference(cpuBefore, cpuAfter);
  const machineCpu = difference(machineBefore, machineAfter);
  const otherCpu =
    serverCpu === null || machineCpu === null
      ? null
      : Math.max(0, machineCpu - serverCpu - result.loaderCpuSeconds);
  return { ...result, serverCpu, otherCpu };
}

/** getuser with a valid token against the same server's bare /healthz, interleaved so drift hits both alike. */
export const apiThroughput: Section = {
  key: 'apiThroughput',
  title: 'API throughput: GET /api/auth/getuser (valid token) against GET /healthz',
  async run(context: BenchContext): Promise<SectionResult> {
    const { server, settings, log } = context;
    const token = await login(server.api, DEMO.jdoe);
    const user = await getUser(server.api, token);
    if (user.UserName !== DEMO.jdoe) {
      throw new Error(`getuser answered the user ${user.UserName}, expected ${DEMO.jdoe}.`);
    }
    const getuser: Route = {
      name: 'getuser',
      path: '/TDWebApi/api/auth/getuser',
      headers: { authorization: `Bearer ${token}` },
    };
    const healthz: Route = { name: 'healthz', path: '/healthz', headers: {} };
    const load = describeLoad(settings.connections);
    log(`Load: ${load}.`);
    log(
      `Signed in once as ${DEMO.jdoe}; every getuser request carries that token, every answer must be 200.`,
    );

    for (const route of [getuser, healthz]) {
      log(`Warm-up: ${route.name} for ${settings.warmupSeconds} s`);
      await measure(context, route, settings.warmupSeconds);
    }

    const measurements: Measurement[] = [];
    for (let n = 1; n <= settings.rounds; n++) {
      // A B, B A, A B, ...: neither route always runs first, when the machine may be warmer or busier.
      const order = n % 2 === 1 ? [getuser, healthz] : [healthz, getuser];
      for (const route of order) {
        const result = await measure(context, route, settings.seconds);
        const measurement: Measurement = {
          round: n,
          route: route.name,
          rps: round(result.rps, 1),
          latencyMs: result.latencyMs,
          completed: result.completed,
          seconds: result.seconds,
          serverCpuPercent: percentOfCore(result.serverCpu, result.seconds),
          loaderCpuPercent: Math.round((100 * result.loaderCpuSeconds) / result.seconds),
          otherCpuPercent: percentOfCore(result.otherCpu, result.seconds),
        };
        measurements.push(measurement);
        log(
          `Round ${n}  ${route.name.padEnd(8)} ${formatRps(result.rps).padStart(7)} req/s` +
            `  latency p99 ${result.latencyMs.p99} ms` +
            `  CPU (% of a core): server ${measurement.serverCpuPercent ?? '?'}, loader ${measurement.loaderCpuPercent},` +
            ` other ${measurement.otherCpuPercent ?? '?'}`,
        );
      }
    }

    const rpsOf = (name: string) => measurements.filter((m) => m.route === name).map((m) => m.rps);
    const getuserRps = median(rpsOf('getuser'));
    const healthzRps = median(rpsOf('healthz'));
    const ratio = getuserRps / healthzRps;
    const roundRatios = Array.from({ length: settings.rounds }, (_, i) => {
      const a = measurements.find((m) => m.round === i + 1 && m.route === 'getuser')!;
      const b = measurements.find((m) => m.round === i + 1 && m.route === 'healthz')!;
      return round(a.rps / b.rps, 3);
    });
    const met = ratio >= TARGET_RATIO;
    const verdict = met ? 'target met' : 'target missed';
    log(
      `getuser / healthz = ${ratio.toFixed(2)} (medians of ${settings.rounds} rounds; per round: ` +
        `${roundRatios.map((r) => r.toFixed(2)).join(', ')}); target ≥ ${TARGET_RATIO}: ${verdict}`,
    );

    const perRun = `median of ${settings.rounds} × ${settings.seconds} s`;
    return {
      rows: [
        { figure: 'getuser, valid token', value: `${formatRps(getuserRps)} req/s`, note: perRun },
        { figure: 'healthz (bare static JSON)', value: `${formatRps(healthzRps)} req/s`, note: perRun },
        {
          figure: 'getuser / healthz',
          value: ratio.toFixed(2),
          note: `target ≥ ${TARGET_RATIO}: ${verdict}; per round ${roundRatios.map((r) => r.toFixed(2)).join(', ')}`,
        },
      ],
      figures: {
        load,
        connections: settings.connections,
        secondsPerRun: settings.seconds,
        rounds: settings.rounds,
        warmupSeconds: settings.warmupSeconds,
        getuserRps: round(getuserRps, 1),
        healthzRps: round(healthzRps, 1),
        ratio: round(ratio, 3),
        roundRatios,
        target: { ratioAtLeast: TARGET_RATIO, met },
        measurements,
      },
    };
  },
};
