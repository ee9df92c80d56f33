import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createApp, type App, type AppOptions } from '../app.ts';
import { ManualClock } from './manual-clock.ts';
import { loadConfig, type Config } from '../config/config.ts';

export interface TestServer {
  app: App;
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** `${origin}/TDWebApi/api` */
  api: string;
  clock: ManualClock;
  dataDir: string;
  /** The messages of everything logged other than the request log and refusals, at any level. */
  logs: string[];
  /** The request log, one record per exchange. */
  requests: RequestRecord[];
  /** Bytes turned away before they became a request, one record each. */
  refusals: RefusalRecord[];
  /** Every line the server logged, as written. */
  lines: string[];
  /** Closes the server; the data directory is kept unless `removeData`. */
  stop(removeData?: boolean): Promise<void>;
}

interface RequestRecord {
  method: string;
  path: string;
  status: number | null;
  ms: number;
  caller: string;
}

interface RefusalRecord {
  status: number;
  error: string;
  caller: string | null;
}

export interface TestServerOptions extends AppOptions {
  config?: Partial<Config>;
  /** Reuse a data directory (to test restarts). */
  dataDir?: string;
}

const ROOT = resolve(import.meta.dirname, '../..');

/** A real emulator on a free port with its own data directory, a manual clock and cheap password hashing. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'emulator-test-'));
  const clock =
    options.clock instanceof ManualClock
      ? options.clock
      : new ManualClock(Date.parse('2026-03-02T12:00:00Z'));
  const logs: string[] = [];
  const requests: RequestRecord[] = [];
  const refusals: RefusalRecord[] = [];
  const lines: string[] = [];
  const config: Config = {
    ...loadConfig({}, [], ROOT),
    port: 0,
    dataDir,
    ...options.config,
  };
  const app = await createApp(config, {
    scryptCost: { log2N: 10, r: 8, p: 1 },
    log: (line) => {
      lines.push(line);
      const record = JSON.parse(line) as { msg: string } & RequestRecord & RefusalRecord;
      if (record.msg === 'request') requests.push(record);
      else if (record.msg === 'refused before a request') refusals.push(record);
      else logs.push(record.msg);
    },
    ...options,
    clock,
  });
  const origin = await app.listen();
  return {
    app,
    origin,
    api: `${origin}/TDWebApi/api`,
    clock,
    dataDir,
    logs,
    requests,
    refusals,
    lines,
    async stop(removeData = false) {
      await app.close();
      if (removeData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const DEMO = {
  password: 'Tdx-demo-2026',
  jdoe: 'jdoe@example.edu',
  asmith: 'asmith@example.edu',
  retired: 'retired@example.edu',
  exampleBeid: '5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f10',
  exampleKey: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
  closedBeid: '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0',
  closedKey: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
} as const;

/** Posts a sign-in body to `path`; returns the token, or throws with the status and body on anything but a 200 JWT. */
async function signIn(api: string, path: string, body: object): Promise<string> {
  const res = await fetch(`${api}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`POST ${path} answered ${res.status}: ${text}`);
  if (text.split('.').length !== 3) throw new Error(`POST ${path} answered 200 without a JWT: ${text}`);
  return text;
}

export const login = (api: string, username: string, password: string = DEMO.password) =>
  signIn(api, '/auth/login', { username, password });

export const loginAdmin = (api: string, beid: string = DEMO.exampleBeid, key: string = DEMO.exampleKey) =>
  signIn(api, '/auth/loginadmin', { BEID: beid, WebServicesKey: key });
