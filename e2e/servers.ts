import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Two ports free right now, chosen once by the Playwright runner and handed to its workers through the
// environment (they inherit it), so that parallel runs on one machine never meet on a fixed port.
const PROBE = `const net = require('node:net');
const a = net.createServer().listen(0, '127.0.0.1', () => {
  const b = net.createServer().listen(0, '127.0.0.1', () => {
    console.log(a.address().port + ' ' + b.address().port);
    a.close(); b.close();
  });
});`;

if (!process.env.E2E_PORTS) {
  process.env.E2E_PORTS = execFileSync(process.execPath, ['-e', PROBE], { encoding: 'utf8' }).trim();
}
const [main, limited] = process.env.E2E_PORTS.split(' ').map(Number) as [number, number];

/** The servers Playwright starts for the e2e run (see playwright.config.ts), each on its own port. */
export const MAIN_PORT = main;
export const MAIN_ORIGIN = `http://127.0.0.1:${MAIN_PORT}`;

/** A second server with a tiny rate limit, so a spec can reach 429 without exhausting the main one. */
export const LIMITED_PORT = limited;
export const LIMITED_ORIGIN = `http://127.0.0.1:${LIMITED_PORT}`;
export const LIMITED_RATE = 3;

/**
 * The test-control API (`/_emulator`) of both servers (the main one's faults, such as a slow answer; the second's
 * clock, which the runner's spec moves on) takes this bearer token, chosen once by the runner, like the ports.
 */
if (!process.env.E2E_CONTROL_TOKEN) process.env.E2E_CONTROL_TOKEN = randomBytes(24).toString('hex');
export const CONTROL_TOKEN = process.env.E2E_CONTROL_TOKEN;

/** The main server relays to the second one under this name, as it would to a real tenant. */
export const RELAY_NAME = 'second';

// Where each server's whole output is written (start-server.mjs) and the fixtures note the cookies they were
// given, for the leak check of global-teardown.ts. Chosen once by the runner, like the ports.
if (!process.env.E2E_LOG_DIR) process.env.E2E_LOG_DIR = mkdtempSync(join(tmpdir(), 'auth-console-e2e-logs-'));
export const LOG_DIR = process.env.E2E_LOG_DIR;
/** One file of cookie values per worker, one value a line. */
export const cookieFile = (workerIndex: number) => join(LOG_DIR, `cookies-${workerIndex}.txt`);
