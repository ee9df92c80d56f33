import { DEMO, login } from '../../server/testing/start-server.ts';
import { runLoad, unexpectedAnswers } from '../load.ts';
import { peers, PEER_VERSIONS } from '../peers/install.ts';
import { startBareNode, startMockoon, startWireMock, type PeerServer } from '../peers/servers.ts';
import { processTreeCpuSeconds } from '../process-cpu.ts';
import type { ReplayedAnswer } from '../replay-recording.ts';
import type { BenchContext, Row, Section, SectionResult } from '../section.ts';
import { median, round } from '../stats.ts';
import { formatRps } from './api-throughput.ts';

/** What replay must do beside each peer, per answer: at least this many times its requests per second. */
const TARGETS: Record<string, Record<string, number>> = {
  large: { WireMock: 1, Mockoon: 1 },
  small: { WireMock: 1.2, Mockoon: 1 },
};

interface Contestant {
  name: string;
  origin: string;
  pid: number;
  headers: Record<string, string>;
}

const sizeOf = (answer: ReplayedAnswer) =>
  answer.body.length >= 1024 * 1024 ? '1 MB' : `${answer.body.length.toLocaleString('en-US')} B`;

/** One load run; throws on any answer but 200, as every other section does. */
async function measure(contestant: Contestant, answer: ReplayedAnswer, seconds: number, connections: number) {
  const cpuBefore = processTreeCpuSeconds(contestant.pid);
  const result = await runLoad({
    url: `${contestant.origin}/TDWebApi${answer.path}`,
    headers: contestant.headers,
    seconds,
    connections,
  });
  const cpuAfter = processTreeCpuSeconds(contestant.pid);
  const problem = unexpectedAnswers(result);
  if (problem)
    throw new Error(`${contestant.name}, GET ${answer.path}: expected only 200 answers, got ${problem}.`);
  const cpu =
    cpuBefore === null || cpuAfter === null ? null : Math.round((100 * (cpuAfter - cpuBefore)) / seconds);
  return { rps: result.rps, cpu };
}

/**
 * The two recorded answers (1 MB, and a ticket of some 430 bytes) served by `--replay` (behind its token check and
 * rate limit, as in CI), by WireMock standalone and Mockoon's CLI (each as it comes, the answer held in memory, no
 * token checked), and by a bare Node server holding the bytes; all driven alike by this process, rounds alternating
 * which goes first. A peer that cannot start here (no Java, no registry) is named and left out.
 */
export const replayPeers: Section = {
  key: 'replayPeers',
  title: 'Replay beside its peers: the same recorded answers from --replay, WireMock, Mockoon and bare Node',
  async run({ server, settings, log }: BenchContext): Promise<SectionResult> {
    const token = await login(server.api, DEMO.jdoe);
    const contestants: Contestant[] = [
      {
        name: 'replay',
        origin: server.origin,
        pid: server.pid,
        headers: { authorization: `Bearer ${token}` },
      },
    ];
    const skipped: string[] = [];
    const started: PeerServer[] = [];
    try {
      try {
        const installed = await peers(log);
        if (installed.wiremockJar) started.push(await startWireMock(installed.wiremockJar, server.replayed));
        else skipped.push(`WireMock: ${installed.noJava}`);
        started.push(await startMockoon(installed.mockoonCli, installed.mockoonCommons, server.replayed));
      } catch (error) {
        skipped.push(`peers: ${error instanceof Error ? error.message : String(error)}`);
      }
      started.push(await startBareNode(server.replayed));
      for (const peer of started) contestants.push({ ...peer, headers: {} });
      for (const reason of skipped) log(`Skipped: ${reason}.`);
      log(
        `WireMock ${PEER_VERSIONS.wiremock} (java -jar, --no-request-journal), Mockoon CLI ${PEER_VERSIONS['@mockoon/cli']}, ` +
          `bare Node; replay with a valid token, its rate limit counting.`,
      );

      const rows: Row[] = [];
      const figures: Record<string, unknown> = { skipped, versions: PEER_VERSIONS };
      for (const [answer, key] of [
        [server.replayed[0], 'large'],
        [server.replayed[1], 'small'],
      ] as const) {
        const size = sizeOf(answer);
        // The JVM compiles as it runs: every contestant gets the same warm-up, two rounds long.
        for (const contestant of contestants) {
          await measure(contestant, answer, 2 * settings.seconds, settings.connections);
        }
        const rps: Record<string, number[]> = Object.fromEntries(contestants.map((c) => [c.name, []]));
        for (let n = 0; n < settings.rounds; n++) {
          // Each round starts with the next contestant, so none always runs first.
          const order = contestants.map((_, i) => contestants[(i + n) % contestants.length]!);
          for (const contestant of order) {
            const { rps: value, cpu } = await measure(
              contestant,
              answer,
              settings.seconds,
              settings.connections,
            );
            rps[contestant.name]!.push(round(value, 1));
            log(
              `${size}  round ${n + 1}  ${contestant.name.padEnd(9)} ${formatRps(value).padStart(7)} req/s` +
                `  CPU ${cpu ?? '?'}% of a core`,
            );
          }
        }
        const medians = Object.fromEntries(
          Object.entries(rps).map(([name, values]) => [name, median(values)]),
        );
        const perRun = `median of ${settings.rounds} × ${settings.seconds} s, alternating`;
        for (const contestant of contestants) {
          rows.push({
            figure: `${contestant.name}, ${size} answer`,
            value: `${formatRps(medians[contestant.name]!)} req/s`,
            note: perRun,
          });
        }
        const verdicts = Object.entries(TARGETS[key]!)
          .filter(([peer]) => medians[peer] !== undefined)
          .map(([peer, target]) => {
            const ratio = medians.replay! / medians[peer]!;
            const rounds = rps.replay!.map((value, i) => (value / rps[peer]![i]!).toFixed(2));
            return { peer, ratio, target, met: ratio >= target, rounds };
          });
        for (const { peer, ratio, target, met, rounds } of verdicts) {
          rows.push({
            figure: `replay / ${peer}, ${size} answer`,
            value: ratio.toFixed(2),
            note: `target ≥ ${target}: ${met ? 'met' : 'missed'}; per round ${rounds.join(', ')}`,
          });
        }
        figures[key] = {
          bytes: answer.body.length,
          rps,
          medians: Object.fromEntries(
            Object.entries(medians).map(([name, value]) => [name, round(value, 1)]),
          ),
          ratios: Object.fromEntries(
            verdicts.map(({ peer, ratio, met }) => [peer, { ratio: round(ratio, 3), met }]),
          ),
        };
      }
      for (const reason of skipped) rows.push({ figure: 'skipped', value: '-', note: reason });
      return { rows, figures };
    } finally {
      await Promise.all(started.map((peer) => peer.stop()));
    }
  },
};
