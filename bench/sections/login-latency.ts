import { performance } from 'node:perf_hooks';
import { DEFAULT_SCRYPT_COST } from '../../server/auth/passwords.ts';
import { DEMO, login } from '../../server/testing/start-server.ts';
import type { BenchContext, Section, SectionResult } from '../section.ts';
import { percentile, round } from '../stats.ts';

const WARMUPS = 3;

/** Sequential password logins: the server's real scrypt cost dominates, as it does for a person signing in. */
export const loginLatency: Section = {
  key: 'loginLatency',
  title: 'Login latency: sequential POST /api/auth/login',
  async run({ server, settings, log }: BenchContext): Promise<SectionResult> {
    const { log2N, r, p } = DEFAULT_SCRYPT_COST;
    const cost = `scrypt N=2^${log2N}, r=${r}, p=${p}`;
    log(`${WARMUPS} warm-up logins, then ${settings.logins} timed, one after another, as ${DEMO.jdoe}.`);
    log(`Each verifies the password with the server's real cost (${cost}), as npm start runs it.`);
    for (let i = 0; i < WARMUPS; i++) await login(server.api, DEMO.jdoe);

    const samples: number[] = [];
    for (let i = 0; i < settings.logins; i++) {
      const start = performance.now();
      await login(server.api, DEMO.jdoe);
      samples.push(performance.now() - start);
    }
    const p50 = percentile(samples, 50);
    const p99 = percentile(samples, 99);
    const mean = samples.reduce((sum, ms) => sum + ms, 0) / samples.length;
    log(
      `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, mean ${mean.toFixed(1)} ms, ` +
        `min ${Math.min(...samples).toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms`,
    );
    const note = `${settings.logins} sequential, ${cost}`;
    return {
      rows: [
        { figure: 'login p50', value: `${p50.toFixed(1)} ms`, note },
        {
          figure: 'login p99',
          value: `${p99.toFixed(1)} ms`,
          note: samples.length < 100 ? `nearest rank: the slowest of the ${samples.length}` : 'nearest rank',
        },
      ],
      figures: {
        logins: settings.logins,
        warmups: WARMUPS,
        scrypt: { log2N, r, p },
        p50Ms: round(p50, 2),
        p99Ms: round(p99, 2),
        meanMs: round(mean, 2),
        minMs: round(Math.min(...samples), 2),
        maxMs: round(Math.max(...samples), 2),
        samplesMs: samples.map((ms) => round(ms, 2)),
      },
    };
  },
};
