import { DEMO, login } from '../../server/testing/start-server.ts';
import { REPLAYED_PATH } from '../replay-recording.ts';
import type { BenchContext, Section, SectionResult } from '../section.ts';
import { median, round } from '../stats.ts';
import { formatRps, measure, type Route } from './api-throughput.ts';

/**
 * A recorded answer of 1 MB replayed (REPLAY_DIR), beside getuser on the same server, interleaved: what an
 * integrator's CI pays for a large recorded answer against the emulator's own lightest authenticated call.
 */
export const replayThroughput: Section = {
  key: 'replayThroughput',
  title: 'Replay throughput: a 1 MB recorded answer against GET /api/auth/getuser',
  async run(context: BenchContext): Promise<SectionResult> {
    const { server, settings, log } = context;
    const token = await login(server.api, DEMO.jdoe);
    const headers = { authorization: `Bearer ${token}` };
    const replay: Route = { name: 'replay', path: `/TDWebApi${REPLAYED_PATH}`, headers };
    const getuser: Route = { name: 'getuser', path: '/TDWebApi/api/auth/getuser', headers };
    const megabytes = server.replayedBytes / (1024 * 1024);
    log(
      `Replayed answer: ${server.replayedBytes.toLocaleString('en-US')} bytes of JSON (GET ${REPLAYED_PATH}).`,
    );
    for (const route of [replay, getuser]) await measure(context, route, settings.warmupSeconds);

    const rps: Record<string, number[]> = { replay: [], getuser: [] };
    for (let n = 1; n <= settings.rounds; n++) {
      for (const route of n % 2 === 1 ? [replay, getuser] : [getuser, replay]) {
        const result = await measure(context, route, settings.seconds);
        rps[route.name]!.push(round(result.rps, 1));
        log(`Round ${n}  ${route.name.padEnd(8)} ${formatRps(result.rps).padStart(7)} req/s`);
      }
    }
    const replayRps = median(rps.replay!);
    const getuserRps = median(rps.getuser!);
    const perRun = `median of ${settings.rounds} × ${settings.seconds} s`;
    return {
      rows: [
        {
          figure: 'replay, 1 MB recorded answer',
          value: `${formatRps(replayRps)} req/s`,
          note: `${Math.round(replayRps * megabytes)} MB/s; ${perRun}`,
        },
        { figure: 'getuser, valid token (same runs)', value: `${formatRps(getuserRps)} req/s`, note: perRun },
      ],
      figures: {
        replayedBytes: server.replayedBytes,
        replayRps: round(replayRps, 1),
        replayMegabytesPerSecond: round(replayRps * megabytes, 1),
        getuserRps: round(getuserRps, 1),
        rounds: rps,
      },
    };
  },
};
