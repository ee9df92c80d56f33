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

register();
// The server's table of settings: each flag's value, meaning and default below come from it.
const { plainText, SETTINGS, SWITCHES: SERVER_SWITCHES } = await import('../server/config/settings.ts');

/** `Default: …` of a setting: its default as the environment writes it, or what unset means. */
const defaultOf = (setting) => {
  const value = setting.default ?? setting.unset?.replace(/^unset(: )?/, '');
  return value && setting.default !== 'off' ? ` Default: ${value}.` : '';
};

/** A flag of the server's, taken as it is: its name, value and meaning from the table (`also`: what it needs). */
function serverFlag(name, { fallback, also } = {}) {
  const setting = SETTINGS[name];
  const help =
    `${plainText(setting.doc)}.${also ? ` ${also}.` : ''}` +
    (fallback ? ` Default: ${fallback}.` : defaultOf(setting));
  return { name: setting.flag.name, value: setting.flag.value, setting: name, help };
}

/** Every flag, in the order --help lists them: `value` names a flag's value; none: a switch. */
const FLAGS = [
  serverFlag('PORT'),
  serverFlag('HOST'),
  // This command's own: the server reads the realm from REALM_FILE, which this flag sets.
  {
    name: 'realm',
    value: 'FILE',
    setting: 'REALM_FILE',
    help: `${plainText(SETTINGS.REALM_FILE.doc)}.${defaultOf(SETTINGS.REALM_FILE)}`,
  },
  serverFlag('DATA_DIR', {
    fallback:
      'a fresh temporary one, removed on exit. Reused with another realm, the realm replaces what it holds ' +
      '(the start says so)',
  }),
  serverFlag('TLS_SELF_SIGNED'),
  serverFlag('RELAY_TENANTS', { also: 'Each is reached at /relay/NAME/' }),
  serverFlag('RECORD_DIR', { also: 'Needs --tenant' }),
  serverFlag('REPLAY_DIR'),
  { name: 'no-console', help: `${plainText(SERVER_SWITCHES['no-console'].doc)}.` },
  { name: 'help', short: 'h', help: 'Print this help and exit.' },
  { name: 'version', help: 'Print the version and exit.' },
];

/** The settings read from the environment that a test double uses most; the rest are in docs/configuration.md. */
const ENVIRONMENT = [
  'EMULATOR_CONTROL',
  'EMULATOR_CONTROL_TOKEN',
  'EMULATOR_JOURNAL_MAX',
  'EMULATOR_JOURNAL_VALUES',
  'RATE_LIMIT',
  'TLS_CERT',
  'TLS_KEY',
  'LOG_LEVEL',
  'SSO_ISSUER',
  'SSO_CLIENT_ID',
  'SSO_CLIENT_SECRET',
  'RECORD_REDACT',
  'RECORD_SEQUENCES',
  'REPLAY_IGNORE',
  'REPLAY_OVERRIDES',
  'REPLAY_MAX_AGE',
  'REPLAY_TOO_OLD',
  'REPLAY_MISSES',
  'REPLAY_TENANT_TOKEN',
];

/** The environment's lines: settings of one meaning together (TLS_CERT, TLS_KEY), a yes/no one as it turns on. */
function environmentLines() {
  const lines = [];
  for (const name of ENVIRONMENT) {
    const setting = SETTINGS[name];
    const shown = setting.default === 'off' ? `${name}=1` : name;
    const meaning = `${plainText(setting.doc)}.${defaultOf(setting)}`;
    const last = lines.at(-1);
    if (last?.meaning === meaning) last.names.push(shown);
    else lines.push({ names: [shown], meaning });
  }
  const flagged = FLAGS.filter((flag) => flag.setting).map((flag) => flag.setting);
  return [
    ...lines.map(({ names, meaning }) => [names.join(', '), meaning]),
    [flagged.join(', '), 'As the flags above (a flag wins).'],
  ];
}

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
    '       auth-console-emulator hash-password < password-file',
    '',
    'Flags:',
    ...FLAGS.flatMap((flag) => wrap(`  ${flagText(flag)}`.padEnd(width), ' '.repeat(width), flag.help)),
    '',
    'Environment (a flag wins; a .env file is never read):',
    ...environmentLines().flatMap(([name, meaning]) => [
      ...wrap('  ', '  ', name),
      ...wrap('      ', '      ', meaning),
    ]),
    ...wrap(
      '  ',
      '  ',
      'Every other setting of docs/configuration.md is read from the environment the same way.',
    ),
    '',
    'Commands:',
    ...wrap(
      '  hash-password   ',
      ' '.repeat(18),
      'Read a password on standard input (typed unseen, or piped: printf %s "$PW" | ...) and print the ' +
        'PasswordHash a realm user takes instead of its Password. Never give a password as an argument.',
    ),
    '',
    'Docs:',
    `  ${docs('testing-your-integration.md')}`,
    '      The emulator in your tests: realms, test control, recording and replay, CI.',
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

// `hash-password`: a PasswordHash for a realm file, from a password read on standard input (never argv: ps shows it).
if (process.argv[2] === 'hash-password') {
  const { hashPasswordCommand } = await import('../server/realm/hash-password-cli.ts');
  const code = await hashPasswordCommand({
    args: process.argv.slice(3),
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
  });
  process.exit(code);
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
await import(main.href);
