#!/usr/bin/env node
// The packaged emulator: `npx auth-console-emulator --port 8080 --realm realm.json`. It runs server/main.ts in this
// process through tsx (a runtime dependency), so that SIGTERM reaches the server's own clean stop. Its settings are
// its flags and the process environment only: the `.env` of the directory it is started in belongs to the
// integrator's own application, so it is never read (--no-env-file).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const USAGE =
  'Usage: auth-console-emulator [--port N] [--host H] [--realm realm.json] [--data-dir D] [--replay DIR] [--no-console]';
const VALUED = new Set(['port', 'host', 'realm', 'data-dir', 'replay']);

function fail(message) {
  console.error(`auth-console-emulator: ${message} ${USAGE}`);
  process.exit(1);
}

/** The server's own flags (`--name=value`) and settings from this command's flags. */
function translate(argv) {
  const flags = ['--no-env-file'];
  const env = {};
  for (let i = 0; i < argv.length; i++) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!match) fail(`unknown argument "${argv[i]}".`);
    const [, name, inline] = match;
    if (name === 'help') {
      console.log(USAGE);
      process.exit(0);
    }
    if (name === 'no-console') {
      if (inline !== undefined) fail('--no-console takes no value.');
      flags.push('--no-console');
      continue;
    }
    if (!VALUED.has(name)) fail(`unknown flag --${name}.`);
    const value = inline ?? argv[++i];
    if (value === undefined || value === '' || (inline === undefined && value.startsWith('--'))) {
      fail(`--${name} needs a value.`);
    }
    if (name === 'realm') {
      const path = resolve(value);
      if (!existsSync(path)) fail(`cannot read the realm file ${path}.`);
      env.REALM_FILE = path;
    } else {
      flags.push(`--${name}=${value}`);
    }
  }
  return { flags, env };
}

const { flags, env } = translate(process.argv.slice(2));
// A test double starts from its realm every time: a fresh data directory, removed on exit, unless one is named.
if (!flags.some((flag) => flag.startsWith('--data-dir=')) && !process.env.DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'auth-console-emulator-'));
  flags.push(`--data-dir=${dataDir}`);
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
Object.assign(process.env, env);
const main = new URL('../server/main.ts', import.meta.url);
process.argv = [process.argv[0], main.pathname, ...flags];
register();
await import(pathToFileURL(main.pathname).href);
