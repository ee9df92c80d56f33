// Starts the real server for Playwright on its own port with a throwaway data directory, and removes that
// directory when the server stops. Its whole output is also written to E2E_LOG_DIR for the leak check of
// global-teardown.ts.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = process.env.PORT;
if (!port) throw new Error('start-server.mjs needs PORT');
const logDir = process.env.E2E_LOG_DIR;
if (!logDir) throw new Error('start-server.mjs needs E2E_LOG_DIR');
const dataDir = mkdtempSync(join(tmpdir(), 'auth-console-e2e-'));

// Plain HTTP and the demo realm, whatever the calling shell has set.
const env = { ...process.env, PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir };
for (const name of ['TLS_CERT', 'TLS_KEY', 'TLS_SELF_SIGNED', 'REALM_FILE']) delete env[name];

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: ['ignore', 'pipe', 'pipe'],
  env,
});
const log = createWriteStream(join(logDir, `server-${port}.log`));
for (const [from, to] of [
  [server.stdout, process.stdout],
  [server.stderr, process.stderr],
]) {
  from.on('data', (chunk) => {
    log.write(chunk);
    to.write(chunk);
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.kill(signal);
  });
}

server.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  log.end(() => process.exit(code ?? (signal ? 0 : 1)));
});
