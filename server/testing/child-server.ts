import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '../..');
/**
 * `node --import tsx`, not the `tsx` command: that command runs the script in a second node process, so a
 * SIGKILL sent to it would leave the real server running as an orphan. tsx by its full URL, so that a process
 * may run in any working directory.
 */
const NODE_TSX = [
  process.execPath,
  '--import',
  pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href,
] as const;

export interface SpawnOptions {
  /**
   * The working directory, where the server looks for `.env`: by default an empty one for a server, so that a
   * developer's own `.env` never changes a test; the project root for a script.
   */
  cwd?: string;
  /**
   * The certificate authority that signed the server's TLS_CERT, to check its /healthz over https; a function for a
   * certificate the server makes as it starts (--self-signed), read once it prints its URL.
   */
  ca?: Buffer | (() => Buffer);
  /**
   * Another copy of the project (a production tree, say) to run instead of this one: `npm run serve`'s command,
   * `node --import tsx server/main.ts`, in that directory with that tree's own tsx.
   */
  tree?: string;
  /** Another command that starts the server (the packaged `auth-console-emulator`, say): its whole argv. */
  command?: readonly [string, ...string[]];
  /**
   * In a process group of its own, for a command that does not pass signals on (npx): stop it with
   * `process.kill(-child.process.pid, signal)`.
   */
  detached?: boolean;
}

function healthStatus(origin: string, ca: Buffer | undefined): Promise<number | undefined> {
  const get = origin.startsWith('https:') ? httpsGet : httpGet;
  return new Promise((resolve, reject) => {
    get(`${origin}/healthz`, { ca }, (res) => {
      res.resume();
      resolve(res.statusCode);
    }).once('error', reject);
  });
}

export interface ChildServer {
  process: ChildProcess;
  origin: string;
  api: string;
  output: () => string;
  /** Resolves once the process has exited. */
  exited: Promise<void>;
}

/**
 * Runs the real server (server/main.ts through tsx) as its own process, as `npm start` does, and resolves once
 * it prints its URL and answers /healthz (with the emulator on or off). PORT=0 lets the system pick a free port,
 * so parallel test files cannot collide. An `env` value of undefined removes that variable from the inherited
 * environment.
 */
export async function spawnServer(
  dataDir: string,
  env: Record<string, string | undefined> = {},
  options: SpawnOptions = {},
): Promise<ChildServer> {
  const [command, ...args] =
    options.command ??
    (options.tree
      ? [process.execPath, '--import', 'tsx', 'server/main.ts']
      : [...NODE_TSX, resolve(ROOT, 'server/main.ts')]);
  // A directory of its own unless told where, so the project's own .env is not read; removed when the server exits.
  const scratchCwd = (options.tree ?? options.cwd) ? undefined : mkdtempSync(join(tmpdir(), 'emulator-cwd-'));
  const child = spawn(command, args, {
    cwd: options.tree ?? options.cwd ?? scratchCwd,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let output = '';
  const exited = new Promise<void>((done) =>
    child.once('exit', () => {
      if (scratchCwd) rmSync(scratchCwd, { recursive: true, force: true });
      done();
    }),
  );
  const origin = await new Promise<string>((ready, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // The banner's first line, or with the emulator off the start's JSON log line.
      const url = /(?:emulator: |emulator off\): )(https?:\/\/[^\s/]+)\/[\s"]/.exec(output);
      if (url) ready(url[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => fail(new Error(`the server exited before it was ready:\n${output}`)));
  });
  const health = await healthStatus(origin, typeof options.ca === 'function' ? options.ca() : options.ca);
  if (health !== 200) throw new Error(`/healthz answered ${health}`);
  return { process: child, origin, api: `${origin}/TDWebApi/api`, output: () => output, exited };
}

/** Runs a TypeScript entry point of the project to its end; returns its exit code and output. */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  options: SpawnOptions = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(NODE_TSX[0], [...NODE_TSX.slice(1), resolve(ROOT, script), ...args], {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code) => done({ code, output }));
  });
}
