import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_HASH_QUEUE } from '../../server/auth/hash-queue.ts';
import { DEMO, login } from '../../server/testing/start-server.ts';
import type { BenchContext, Section, SectionResult } from '../section.ts';
import { percentile, round } from '../stats.ts';

const DIST_ASSETS = resolve(import.meta.dirname, '../../dist/assets');
const SAMPLES = 50;
/**
 * Sign-ins in flight at once from this one caller: its whole share of the hash queue (more are turned away with
 * 429), which keeps both hashing threads busy all the time.
 */
const SIGN_INS = DEFAULT_HASH_QUEUE.perCaller;

/** The console's largest script: the file a browser waits for longest. */
function largestScript(): string {
  const scripts = readdirSync(DIST_ASSETS).filter((name) => name.endsWith('.js'));
  const largest = scripts.sort(
    (a, b) => statSync(join(DIST_ASSETS, b)).size - statSync(join(DIST_ASSETS, a)).size,
  )[0];
  if (!largest) throw new Error(`no scripts in ${DIST_ASSETS}: run npm run build first`);
  return largest;
}

async function timedGets(url: string): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
    samples.push(performance.now() - start);
  }
  return samples;
}

/** Static files while passwords hash: scrypt and file reads share libuv's threads unless hashing is bounded. */
export const staticUnderSignIn: Section = {
  key: 'staticUnderSignIn',
  title: `Static file latency: idle, then under ${SIGN_INS} concurrent sign-ins`,
  async run({ server, log }: BenchContext): Promise<SectionResult> {
    const file = largestScript();
    const url = `${server.origin}/assets/${file}`;
    log(`${SAMPLES} sequential GET /assets/${file}, idle and then while ${SIGN_INS} sign-in loops run.`);
    await timedGets(url);
    const idle = await timedGets(url);

    let running = true;
    let signIns = 0;
    const loops = Array.from({ length: SIGN_INS }, async () => {
      while (running) {
        await login(server.api, DEMO.jdoe);
        signIns++;
      }
    });
    let loaded: number[];
    try {
      loaded = await timedGets(url);
    } finally {
      running = false;
      await Promise.all(loops);
    }
    const idleP50 = percentile(idle, 50);
    const loadedP50 = percentile(loaded, 50);
    const queue = `hash queue: ${DEFAULT_HASH_QUEUE.running} at once, ${DEFAULT_HASH_QUEUE.waiting} waiting, ${DEFAULT_HASH_QUEUE.perCaller} per caller`;
    log(
      `p50 idle ${idleP50.toFixed(1)} ms, under sign-ins ${loadedP50.toFixed(1)} ms (${signIns} sign-ins meanwhile)`,
    );
    return {
      rows: [
        { figure: 'static p50, idle', value: `${idleP50.toFixed(1)} ms`, note: `${SAMPLES} sequential` },
        {
          figure: 'static p50, under sign-ins',
          value: `${loadedP50.toFixed(1)} ms`,
          note: `${SIGN_INS} concurrent sign-in loops; ${queue}`,
        },
      ],
      figures: {
        file,
        samples: SAMPLES,
        concurrentSignIns: SIGN_INS,
        signInsDuringLoad: signIns,
        hashQueue: DEFAULT_HASH_QUEUE,
        idleP50Ms: round(idleP50, 2),
        loadedP50Ms: round(loadedP50, 2),
        idleP99Ms: round(percentile(idle, 99), 2),
        loadedP99Ms: round(percentile(loaded, 99), 2),
      },
    };
  },
};
