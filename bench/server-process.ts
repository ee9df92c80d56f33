import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, fstatSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { processTreeCpuSeconds } from './process-cpu.ts';
import { writeReplayDir, type ReplayedAnswer } from './replay-recording.ts';

const ROOT = resolve(import.meta.dirname, '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
/** Long enough for a start that hashes a realm of 100 passwords at the real cost on a busy machine. */
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 5_000;
const OUTPUT_LINES_KEPT = 40;
/** Enough of the output's end to hold its last lines. */
const OUTPUT_TAIL_BYTES = 64 * 1024;

/**
 * The server's highest accepted RATE_LIMIT (calls per caller per 60 s per method). The real service allows 60,
 * which a load generator on one address would exhaust in well under a second.
 */
export const BENCH_RATE_LIMIT = 1_000_000;

export interface ServerProcess {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** `${origin}/TDWebApi/api` */
  api: string;
  pid: number;
  dataDir: string;
  rateLimit: number;
  /** The size in bytes of the 1 MB answer its recording of REPLAYED_PATH (REPLAY_DIR) replays. */
  replayedBytes: number;
  /** What its recordings replay: the 1 MB answer, then a small one. */
  replayed: [ReplayedAnswer, ReplayedAnswer];
  /** CPU seconds used so far by the server (launcher included), or null where that cannot be read. */
  cpuSeconds(): number | null;
  /** The last lines the server printed, for error messages. */
  recentOutput(): string;
  /** Stops the server and removes its data directory; safe to call more than once. */
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

function sleep(ms: number) {
  return new Promise((done) => setTimeout(done, ms));
}

function exited(child: ChildProcess) {
  return child.exitCode !== null || child.signalCode !== null;
}

async function waitForHealth(origin: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited(child)) throw new Error(`The server exited while starting:\n${output()}`);
    try {
      const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(1_000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`The server did not answer GET /healthz within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/**
 * Starts `tsx server/main.ts` as a child process, as `npm start` runs it (real scrypt cost, real token signing),
 * on a free port with a throwaway data directory and the rate limit raised for load; `settings` adds to its
 * environment (a realm file, test control).
 */
export async function startServerProcess(settings: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'auth-console-bench-'));
  const replayDir = join(dataDir, 'replay');
  const replayed = writeReplayDir(replayDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    RATE_LIMIT: String(BENCH_RATE_LIMIT),
    REPLAY_DIR: replayDir,
  };
  // Plain HTTP, the demo realm and the socket address as the caller, whatever the calling shell has set.
  for (const name of ['TLS_CERT', 'TLS_KEY', 'TLS_SELF_SIGNED', 'REALM_FILE', 'TRUST_PROXY'])
    delete env[name];
  Object.assign(env, settings);

  // The server's output goes to a file, not to a pipe this process reads: this process is also the load generator,
  // and reading a request line per answer would take the loader's time from the server it measures (the peers'
  // output is not read either). Its own process group, so that stopping it also reaches the node process that tsx
  // starts.
  const outputFile = join(dataDir, 'server-output.log');
  const output = openSync(outputFile, 'a', 0o600);
  const child = spawn(TSX, ['server/main.ts'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', output, output],
  });
  closeSync(output);
  const spawnErrors: string[] = [];
  child.on('error', (error) => spawnErrors.push(`spawn failed: ${error.message}`));
  const recentOutput = () => {
    let text = '';
    try {
      const fd = openSync(outputFile, 'r');
      try {
        const size = fstatSync(fd).size;
        const tail = Buffer.alloc(Math.min(size, OUTPUT_TAIL_BYTES));
        readSync(fd, tail, 0, tail.length, size - tail.length);
        text = tail.toString('utf8');
      } finally {
        closeSync(fd);
      }
    } catch {
      // Removed with the data directory once stopped.
    }
    const lines = [...text.split('\n').filter(Boolean).slice(-OUTPUT_LINES_KEPT), ...spawnErrors];
    return lines.join('\n') || '(no output)';
  };
  const pid = child.pid;

  let removed = false;
  const removeData = () => {
    if (removed) return;
    removed = true;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const killGroup = (signal: NodeJS.Signals) => {
    if (pid === undefined) return;
    try {
      process.kill(-pid, signal);
    } catch {
      // The group is already gone.
    }
  };
  // Last resort if this process ends without stop(): an exit handler can only do synchronous work.
  const onExit = () => {
    killGroup('SIGKILL');
    removeData();
  };
  process.once('exit', onExit);

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      if (pid !== undefined && !exited(child)) {
        const gone = new Promise<void>((done) => child.once('exit', () => done()));
        // tsx hands SIGTERM on to the server, which closes its database and exits.
        child.kill('SIGTERM');
        await Promise.race([gone, sleep(STOP_TIMEOUT_MS)]);
      }
      killGroup('SIGKILL');
      removeData();
      process.removeListener('exit', onExit);
    })();
    return stopping;
  };

  if (pid === undefined) {
    const said = recentOutput();
    await stop();
    throw new Error(`Could not start ${TSX}: ${said}`);
  }
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(origin, child, recentOutput);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    origin,
    api: `${origin}/TDWebApi/api`,
    pid,
    dataDir,
    rateLimit: BENCH_RATE_LIMIT,
    replayedBytes: replayed[0].body.length,
    replayed,
    cpuSeconds: () => processTreeCpuSeconds(pid),
    recentOutput,
    stop,
  };
}
