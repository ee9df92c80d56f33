#!/usr/bin/env node
// The packaged emulator: `npx --no-install auth-console-emulator --port 8080 --realm realm.json`. It runs
// server/main.ts in this process through tsx (a runtime dependency), so that SIGTERM reaches the server's own clean
// stop. Its settings are its flags and the process environment only: the `.env` of the directory it is started in
// belongs to the integrator's own application, so it is never read (--no-env-file).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

/** Every flag, in the order --help lists them: `value` names a flag's value; none: a switch. */
const FLAGS = [
  {
    name: 'port',
    value: 'N',
    help: 'Port to listen on (0: any free port; the start prints the URL). Default 8080.',
  },
  { name: 'host', value: 'H', help: 'Address to listen on. Default 127.0.0.1.' },
  {
    name: 'realm',
    value: 'FILE',
    help: 'The realm: organizations, users, admin accounts and single sign-on identities. Default: the demo realm.',
  },
  {
    name: 'data-dir',
    value: 'DIR',
    help:
      'Keep the database (and the --self-signed certificate) here. Default: a fresh temporary one, removed on ' +
      'exit. Reused with another realm, the realm replaces what it holds (the start says so).',
  },
  {
    name: 'self-signed',
    help:
      'Serve HTTPS with a certificate for localhost and 127.0.0.1, made once in DIR/tls/localhost-cert.pem; the ' +
      'start prints its path. Trust it in the client: NODE_EXTRA_CA_CERTS (Node), REQUESTS_CA_BUNDLE (Python).',
  },
  {
    name: 'replay',
    value: 'DIR',
    help:
      'Answer the calls the emulator does not emulate from recordings of your sandbox (RECORD_DIR), behind its ' +
      'own sign-in; any other call: 404 not_recorded. A malformed recording stops the start.',
  },
  { name: 'no-console', help: 'Serve the API only: the console’s pages answer 404.' },
  { name: 'help', short: 'h', help: 'Print this help and exit.' },
  { name: 'version', help: 'Print the version and exit.' },
];

/** The settings read from the environment that a test double uses most; the rest are in docs/configuration.md. */
const ENVIRONMENT = [
  [
    'EMULATOR_CONTROL=1',
    'The test-control API under /_emulator/ (the clock, faults, reset and more: see the docs).',
  ],
  [
    'EMULATOR_CONTROL_TOKEN',
    'Bearer token (16 characters or more) every control call must carry; needed off loopback.',
  ],
  ['RATE_LIMIT', 'Calls per caller per 60 s for each rate-limited method. Default 60, as the real service.'],
  ['TLS_CERT, TLS_KEY', 'Serve HTTPS with this PEM certificate and key (instead of --self-signed).'],
  ['TLS_SELF_SIGNED=1', 'As --self-signed.'],
  ['PORT, HOST, DATA_DIR, REALM_FILE', 'As --port, --host, --data-dir and --realm (a flag wins).'],
  [
    'LOG_LEVEL',
    'fatal, error, warn, info (the default: one line per request, the console files aside), debug (those too), trace or silent.',
  ],
  [
    'SSO_ISSUER, SSO_CLIENT_ID, SSO_CLIENT_SECRET',
    'Single sign-on through another provider than the embedded one.',
  ],
];

const VALUED = new Set(FLAGS.filter((flag) => flag.value).map((flag) => flag.name));
const SWITCHES = new Set(FLAGS.filter((flag) => !flag.value).map((flag) => flag.name));
const USAGE = `Usage: auth-console-emulator ${FLAGS.map((flag) => `[--${flag.name}${flag.value ? ` ${flag.value}` : ''}]`).join(' ')}`;
const docs = (name) => fileURLToPath(new URL(`../docs/${name}`, import.meta.url));

const WIDTH = 100;

/** `text` in lines of at most WIDTH characters, each after `indent`, the first after `first` instead. */
function wrap(first, indent, text) {
  const lines = [];
  let line = first;
  for (const word of text.split(' ')) {
    if (line.length + word.length + 1 > WIDTH && line.trim() !== '') {
      lines.push(line.trimEnd());
      line = indent;
    }
    line += `${word} `;
  }
  return [...lines, line.trimEnd()];
}

function help() {
  const flagText = (flag) =>
    `${flag.short ? `-${flag.short}, ` : ''}--${flag.name}${flag.value ? ` ${flag.value}` : ''}`;
  const width = Math.max(...FLAGS.map((flag) => flagText(flag).length)) + 4;
  return [
    'auth-console-emulator: the TeamDynamix Web API’s Auth area (and People samples), emulated.',
    '',
    ...wrap('', '  ', USAGE),
    '',
    'Flags:',
    ...FLAGS.flatMap((flag) => wrap(`  ${flagText(flag)}`.padEnd(width), ' '.repeat(width), flag.help)),
    '',
    'Environment (a flag wins; a .env file is never read):',
    ...ENVIRONMENT.flatMap(([name, meaning]) => [`  ${name}`, ...wrap('      ', '      ', meaning)]),
    ...wrap(
      '  ',
      '  ',
      'Every other setting of docs/configuration.md is read from the environment the same way.',
    ),
    '',
    'Docs:',
    `  ${docs('testing-your-integration.md')}`,
    '      The emulator in your tests: realms, test control, CI.',
    `  ${docs('configuration.md')}`,
    '      Every setting.',
    '',
  ].join('\n');
}

function fail(message) {
  console.error(`auth-console-emulator: ${message} ${USAGE} (--help says more)`);
  process.exit(1);
}

/** The server's own flags (`--name=value`) and settings from this command's flags. */
function translate(argv) {
  const flags = ['--no-env-file'];
  const env = {};
  for (let i = 0; i < argv.length; i++) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]) ?? (argv[i] === '-h' ? [argv[i], 'help'] : null);
    if (!match) fail(`unknown argument "${argv[i]}".`);
    const [, name, inline] = match;
    if (name === 'help') {
      process.stdout.write(help());
      process.exit(0);
    }
    if (name === 'version') {
      const own = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
      console.log(own.version);
      process.exit(0);
    }
    if (SWITCHES.has(name)) {
      if (inline !== undefined) fail(`--${name} takes no value.`);
      flags.push(`--${name}`);
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
process.argv = [process.argv[0], fileURLToPath(main), ...flags];
register();
await import(main.href);
