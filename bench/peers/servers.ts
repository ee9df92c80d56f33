import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../server/testing/free-port.ts';
import type { ReplayedAnswer } from '../replay-recording.ts';

const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 5_000;

/** A server answering the same recorded calls, at the same paths (below /TDWebApi), as replay does. */
export interface PeerServer {
  name: string;
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Starts a command in its own process group and waits until it answers the first answer's path with 200. */
async function startPeer(
  name: string,
  command: string,
  args: string[],
  port: number,
  probe: string,
  dir: string,
): Promise<PeerServer> {
  const child: ChildProcess = spawn(command, args, {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = `${errors}${chunk.toString('utf8')}`.slice(-2000)));
  const origin = `http://127.0.0.1:${port}`;
  let stopped: Promise<void> | null = null;
  const stop = () => {
    stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
        const gone = new Promise((done) => child.once('exit', done));
        process.kill(-child.pid, 'SIGTERM');
        await Promise.race([gone, sleep(STOP_TIMEOUT_MS)]);
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      rmSync(dir, { recursive: true, force: true });
    })();
    return stopped;
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.pid === undefined) break;
    try {
      const res = await fetch(`${origin}${probe}`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) return { name, origin, pid: child.pid, stop };
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  await stop();
  throw new Error(`${name} did not answer ${probe} with 200: ${errors.trim().slice(-500) || '(no output)'}`);
}

const pathOf = (answer: ReplayedAnswer) => `/TDWebApi${answer.path}`;

/**
 * WireMock standalone (Java), one stub per answer with its body in `__files` (as its own recorder writes them; it
 * serves a 1 MB body two to three times faster than inline in the stub) and no request journal (replay keeps
 * none without EMULATOR_CONTROL), otherwise as it comes.
 */
export async function startWireMock(jar: string, answers: readonly ReplayedAnswer[]): Promise<PeerServer> {
  const dir = mkdtempSync(join(tmpdir(), 'auth-console-bench-wiremock-'));
  mkdirSync(join(dir, 'mappings'));
  mkdirSync(join(dir, '__files'));
  answers.forEach((answer, i) => {
    writeFileSync(join(dir, '__files', `answer-${i}.json`), answer.body);
    writeFileSync(
      join(dir, 'mappings', `answer-${i}.json`),
      JSON.stringify({
        request: { method: 'GET', url: pathOf(answer) },
        response: {
          status: 200,
          headers: { 'Content-Type': answer.contentType },
          bodyFileName: `answer-${i}.json`,
        },
      }),
    );
  });
  const port = await freePort();
  const args = ['-jar', jar, '--port', String(port), '--bind-address', '127.0.0.1', '--root-dir', dir];
  return startPeer(
    'WireMock',
    'java',
    [...args, '--disable-banner', '--no-request-journal'],
    port,
    pathOf(answers[0]!),
    dir,
  );
}

interface MockoonCommons {
  BuildEnvironment(params: { hasDefaultRoute: boolean; hasDefaultHeader: boolean; port: number }): {
    routes: unknown[];
    rootChildren: unknown[];
    hostname: string;
    cors: boolean;
  };
  BuildHTTPRoute(hasDefaultResponse: boolean): {
    uuid: string;
    method: string;
    endpoint: string;
    responses: unknown[];
  };
  BuildRouteResponse(): Record<string, unknown>;
}

/**
 * Mockoon's CLI, its environment built by the installed @mockoon/commons' own builders: one route per answer, the
 * body inline (faster than its file bodies) with templating off (it would parse 1 MB of JSON as a template on
 * every call), no CORS headers, no log file; otherwise as it comes.
 */
export async function startMockoon(
  cli: string,
  commonsDir: string,
  answers: readonly ReplayedAnswer[],
): Promise<PeerServer> {
  const commons = createRequire(join(commonsDir, 'package.json'))(commonsDir) as MockoonCommons;
  const dir = mkdtempSync(join(tmpdir(), 'auth-console-bench-mockoon-'));
  const port = await freePort();
  const environment = commons.BuildEnvironment({ hasDefaultRoute: false, hasDefaultHeader: false, port });
  environment.hostname = '127.0.0.1';
  environment.cors = false;
  for (const answer of answers) {
    const route = commons.BuildHTTPRoute(false);
    route.method = 'get';
    route.endpoint = pathOf(answer).slice(1);
    route.responses = [
      {
        ...commons.BuildRouteResponse(),
        body: answer.body.toString('utf8'),
        headers: [{ key: 'Content-Type', value: answer.contentType }],
        disableTemplating: true,
      },
    ];
    environment.routes.push(route);
    environment.rootChildren.push({ type: 'route', uuid: route.uuid });
  }
  const file = join(dir, 'environment.json');
  writeFileSync(file, JSON.stringify(environment));
  return startPeer(
    'Mockoon',
    process.execPath,
    [cli, 'start', '--data', file, '--disable-log-to-file', '--disable-admin-api'],
    port,
    pathOf(answers[0]!),
    dir,
  );
}

/** A bare Node HTTP server holding the answers' bytes: what any Node server costs at the least. */
export async function startBareNode(answers: readonly ReplayedAnswer[]): Promise<PeerServer> {
  const dir = mkdtempSync(join(tmpdir(), 'auth-console-bench-bare-'));
  const port = await freePort();
  answers.forEach((answer, i) => writeFileSync(join(dir, `answer-${i}`), answer.body));
  const script = `
    const { createServer } = require('node:http');
    const { readFileSync } = require('node:fs');
    const answers = new Map(${JSON.stringify(answers.map((answer, i) => [pathOf(answer), answer.contentType, `answer-${i}`]))}
      .map(([path, type, file]) => [path, { type, body: readFileSync(file) }]));
    createServer((req, res) => {
      const answer = answers.get(req.url);
      if (!answer) { res.writeHead(404).end(); return; }
      res.writeHead(200, { 'Content-Type': answer.type, 'Content-Length': answer.body.length });
      res.end(answer.body);
    }).listen(${port}, '127.0.0.1');`;
  return startPeer('bare Node', process.execPath, ['-e', script], port, pathOf(answers[0]!), dir);
}
