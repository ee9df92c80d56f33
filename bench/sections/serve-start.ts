import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../../server/testing/free-port.ts';
import type { BenchContext, Section, SectionResult } from '../section.ts';
import { median, round } from '../stats.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 60_000;
/** Fine enough for a figure of hundreds of milliseconds; each probe is a refused connection or one answer. */
const POLL_MS = 10;

interface Mode {
  key: string;
  label: string;
  env: Record<string, string>;
}

/**
 * With the emulator on, a new data directory each time: the first start seeds the demo realm (hashing its
 * passwords at the real cost), as it does on a fresh machine. With it off, a tenant that is never called.
 */
const MODES: Mode[] = [
  { key: 'emulatorOn', label: 'emulator on, new data directory', env: { EMULATOR: 'on', RELAY_TENANTS: '' } },
  {
    key: 'emulatorOff',
    label: 'EMULATOR=off, one relayed tenant',
    env: { EMULATOR: 'off', RELAY_TENANTS: 'acme=http://127.0.0.1:9/TDWebApi' },
  },
];

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function healthy(origin: string): Promise<boolean> {
  try {
    const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(1_000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

async function stop(child: ChildProcess) {
  if (child.pid === undefined || child.exitCode !== null) return;
  const gone = new Promise((done) => child.once('exit', done));
  // npm, its shell and the server are one process group: SIGTERM reaches the server, which exits 0.
  process.kill(-child.pid, 'SIGTERM');
  await Promise.race([gone, sleep(5_000)]);
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** `npm run serve` from spawn to the first 200 of GET /healthz, in milliseconds. */
async function timeToFirstAnswer(mode: Mode): Promise<number> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'auth-console-serve-'));
  const origin = `http://127.0.0.1:${port}`;
  const start = performance.now();
  const child = spawn('npm', ['run', 'serve', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, ...mode.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    detached: true,
    stdio: 'ignore',
  });
  try {
    while (performance.now() - start < START_TIMEOUT_MS) {
      if (child.exitCode !== null)
        throw new Error(`npm run serve (${mode.label}) exited with ${child.exitCode}`);
      if (await healthy(origin)) return performance.now() - start;
      await sleep(POLL_MS);
    }
    throw new Error(
      `npm run serve (${mode.label}) did not answer /healthz within ${START_TIMEOUT_MS / 1000} s`,
    );
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** How soon a production start answers: `npm run serve` (no build) until its first 200. */
export const serveStart: Section = {
  key: 'serveStart',
  title: 'Production start: npm run serve, spawn to the first 200 of GET /healthz',
  async run({ settings, log }: BenchContext): Promise<SectionResult> {
    const rows = [];
    const figures: Record<string, unknown> = { rounds: settings.rounds };
    for (const mode of MODES) {
      const samples: number[] = [];
      for (let i = 0; i < settings.rounds; i++) samples.push(await timeToFirstAnswer(mode));
      const middle = median(samples);
      log(
        `${mode.label}: ${samples.map((ms) => `${ms.toFixed(0)} ms`).join(', ')} (median ${middle.toFixed(0)} ms)`,
      );
      rows.push({
        figure: `npm run serve, time to first answer (${mode.label})`,
        value: `${middle.toFixed(0)} ms`,
        note: `median of ${samples.length}`,
      });
      figures[mode.key] = { medianMs: round(middle, 1), samplesMs: samples.map((ms) => round(ms, 1)) };
    }
    return { rows, figures };
  },
};
