import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_COLLEGE, testCollegeRealm } from '../testing/test-college.ts';
import { spawnServer, type ChildServer } from '../testing/child-server.ts';
import { freePort } from '../testing/free-port.ts';
import { recordSandbox } from '../testing/recorded-sandbox.ts';
import { recordingsWhen } from '../testing/recordings-dir.ts';
import { SANDBOX_TOKEN, startStandInTenant } from '../testing/stand-in-tenant.ts';
import { DEMO } from '../testing/start-server.ts';
import { plainText, SETTINGS, type Setting } from '../config/settings.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = resolve(ROOT, 'bin/auth-console-emulator.js');
const children: ChildServer[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.process.kill('SIGKILL');
});

async function start(
  args: string[],
  { cwd, env = {}, ca }: { cwd?: string; env?: Record<string, string | undefined>; ca?: () => Buffer } = {},
): Promise<ChildServer> {
  const child = await spawnServer(
    mkdtempSync(join(tmpdir(), 'emulator-bin-')),
    { DATA_DIR: undefined, ...env },
    {
      command: [process.execPath, BIN, ...args],
      cwd,
      ca,
    },
  );
  children.push(child);
  return child;
}

/** Runs the command to its end (it fails at once): exit code and what it printed. */
function run(args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: mkdtempSync(join(tmpdir(), 'emulator-bin-cwd-')),
    env: { ...process.env, DATA_DIR: undefined, PORT: undefined },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const signIn = (origin: string, username: string, password: string) =>
  fetch(`${origin}/TDWebApi/api/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });

describe('auth-console-emulator (the package bin)', () => {
  it('starts on --port with the demo realm, answers a sign-in, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const child = await start(['--port', String(port)]);
    expect(child.origin).toBe(`http://127.0.0.1:${port}`);
    expect(child.output()).toContain(`API base URL:   http://127.0.0.1:${port}/TDWebApi/`);
    expect(child.output()).toContain(DEMO.jdoe);
    const res = await signIn(child.origin, DEMO.jdoe, DEMO.password);
    expect(res.status).toBe(200);
    expect((await res.text()).split('.')).toHaveLength(3);
    const dataDir = /Data directory: (\S+)/.exec(child.output())![1]!;
    expect(dataDir).toContain('auth-console-emulator-');
    child.process.kill('SIGTERM');
    await child.exited;
    expect(child.process.exitCode).toBe(0);
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);

  it('serves a --realm file and prints its sign-ins (names and BEIDs, no secrets); --no-console serves the API only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emulator-bin-realm-'));
    const realm = join(dir, 'realm.json');
    writeFileSync(
      realm,
      JSON.stringify(testCollegeRealm([{ UserName: 'ci@test.example', Password: 'Ci-password-1' }])),
    );
    const child = await start(['--port=0', '--realm', realm, '--no-console']);
    expect(child.output()).toContain('ci@test.example');
    expect(child.output()).toContain(TEST_COLLEGE.beid);
    expect(child.output()).not.toContain('Ci-password-1');
    expect(child.output()).not.toContain(TEST_COLLEGE.key);
    expect((await signIn(child.origin, 'ci@test.example', 'Ci-password-1')).status).toBe(200);
    expect((await signIn(child.origin, DEMO.jdoe, DEMO.password)).status).toBe(401);
    const page = await fetch(`${child.origin}/`);
    expect(page.status).toBe(404);
    expect(await page.json()).toMatchObject({ error: 'not_found' });
  }, 60_000);

  it('answers what the emulator does not emulate from --replay DIR, behind its own sign-in', async () => {
    const recordings = await recordSandbox();
    const child = await start(['--port=0', '--replay', recordings]);
    expect(child.output()).toContain(`  Replay: 2 recordings loaded from ${recordings}`);
    const token = await (await signIn(child.origin, DEMO.jdoe, DEMO.password)).text();
    const ticket = await fetch(`${child.origin}/TDWebApi/api/30/tickets/12`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(ticket.status).toBe(200);
    expect(ticket.headers.get('x-emulator-replayed')).toBe('1');
    expect(await ticket.json()).toMatchObject({ ID: 12, Title: 'Printer on fire' });
    expect((await fetch(`${child.origin}/TDWebApi/api/30/tickets/12`)).status).toBe(401);
  }, 60_000);

  it('records a sandbox with --record DIR through the tenant --tenant names, then replays it', async () => {
    const tenant = await startStandInTenant();
    try {
      const dir = join(mkdtempSync(join(tmpdir(), 'emulator-bin-record-')), 'recordings');
      const child = await start(['--port=0', '--tenant', `sandbox=${tenant.base}`, '--record', dir]);
      expect(child.output()).toContain(`Relay: ${child.origin}/relay/sandbox/ -> ${tenant.base}/`);
      expect(child.output()).toContain(`Recording to: ${dir}`);
      const ticket = await fetch(`${child.origin}/relay/sandbox/api/30/tickets/12`, {
        headers: { Authorization: `Bearer ${SANDBOX_TOKEN}` },
      });
      expect(ticket.status).toBe(200);
      const files = await recordingsWhen(dir, (found) => Object.keys(found).length === 1);
      expect(Object.keys(files)[0]).toMatch(/^get-api-30-tickets-12-[0-9a-f]{16}\.json$/);
      child.process.kill('SIGTERM');
      await child.exited;

      const replay = await start(['--port=0', '--replay', dir]);
      expect(replay.output()).toContain(`  Replay: 1 recording loaded from ${dir}`);
      const token = await (await signIn(replay.origin, DEMO.jdoe, DEMO.password)).text();
      const replayed = await fetch(`${replay.origin}/TDWebApi/api/30/tickets/12`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(await replayed.json()).toMatchObject({ ID: 12, Title: 'Printer on fire' });
    } finally {
      await tenant.stop();
    }
  }, 60_000);

  it('reads no .env of the directory it is started in: its flags and the environment only', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'emulator-bin-env-'));
    writeFileSync(
      join(cwd, '.env'),
      ['HOST=0.0.0.0', 'EMULATOR_CONTROL=1', 'RATE_LIMIT=7', 'TRUST_PROXY=loopback', ''].join('\n'),
    );
    const child = await start(['--port=0'], { cwd, env: { HOST: undefined, PORT: undefined } });
    expect(child.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(child.output()).not.toContain('Settings read from');
    expect(child.output()).not.toContain('Test control');
    expect((await fetch(`${child.origin}/_emulator/reset`, { method: 'POST' })).status).toBe(404);
    const res = await signIn(child.origin, DEMO.jdoe, DEMO.password);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('60');
  }, 60_000);

  it('exits 1 with one line on a bad flag, a missing value, a bad port or a bad realm', () => {
    const dir = mkdtempSync(join(tmpdir(), 'emulator-bin-bad-'));
    writeFileSync(join(dir, 'not-json.json'), '{');
    writeFileSync(join(dir, 'bad-realm.json'), JSON.stringify({ organizations: [{ Name: 'X' }] }));
    mkdirSync(join(dir, 'recordings'));
    writeFileSync(join(dir, 'recordings', 'get-api-broken.json'), '{"recording": 1');
    const cases: [string[], RegExp][] = [
      [['--colour'], /^auth-console-emulator: unknown flag --colour\. Usage: /],
      [['8080'], /^auth-console-emulator: unknown argument "8080"\. Usage: /],
      [['--port'], /^auth-console-emulator: --port needs a value\. Usage: /],
      [['--realm', join(dir, 'missing.json')], /^auth-console-emulator: cannot read the realm file /],
      [['--port', 'eighty'], /^Cannot start: PORT must be a whole number/],
      [
        ['--port=0', '--realm', join(dir, 'not-json.json')],
        /^Cannot start: The realm file .* is not valid JSON: line 1, column 2: expected a property name in double quotes, the text ends too early\.$/,
      ],
      [['--self-signed=yes'], /^auth-console-emulator: --self-signed takes no value\. Usage: /],
      [['-x'], /^auth-console-emulator: unknown argument "-x"\. Usage: .* \(--help says more\)$/],
      [
        ['--port=0', '--replay', join(dir, 'recordings')],
        /^Cannot start: REPLAY_DIR \(--replay\): .*\/recordings\/get-api-broken\.json is not a recording: it is not JSON\.$/,
      ],
      [
        ['--port=0', '--record', join(dir, 'recorded')],
        /^Cannot start: RECORD_DIR \(--record\) records what the relay passes on: name a tenant with --tenant, RELAY_TENANTS or CONNECTIONS_FILE\.$/,
      ],
      [['--port=0', '--tenant', 'sandbox'], /^Cannot start: RELAY_TENANTS entries must be name=https-url/],
      [
        ['--port=0', '--realm', join(dir, 'bad-realm.json')],
        /^Cannot start: organizations\[0\]\.BEID must be a GUID\.$/,
      ],
    ];
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = run(args);
      expect(code, args.join(' ')).toBe(1);
      expect(stdout, args.join(' ')).toBe('');
      const lines = stderr.trimEnd().split('\n');
      expect(lines, args.join(' ')).toHaveLength(1);
      expect(lines[0], args.join(' ')).toMatch(message);
    }
  }, 60_000);

  it('explains itself with --help and -h: every flag, the environment it reads, where the docs are', () => {
    const long = run(['--help']);
    const short = run(['-h']);
    expect(long.code).toBe(0);
    expect(long.stderr).toBe('');
    expect(short).toEqual(long);
    const text = long.stdout;
    for (const flag of [
      '--port N',
      '--host H',
      '--realm FILE',
      '--data-dir DIR',
      '--self-signed',
      '--tenant NAME=BASE',
      '--record DIR',
      '--replay DIR',
      '--no-console',
      '-h, --help',
      '--version',
    ]) {
      expect(text).toContain(`  ${flag}`);
    }
    for (const setting of [
      'EMULATOR_CONTROL',
      'EMULATOR_CONTROL_TOKEN',
      'RATE_LIMIT',
      'TLS_CERT',
      'TLS_KEY',
      'TLS_SELF_SIGNED',
      'RECORD_REDACT',
      'REPLAY_MISSES',
      'NODE_EXTRA_CA_CERTS',
      'REQUESTS_CA_BUNDLE',
    ]) {
      expect(text).toContain(setting);
    }
    // Its one command besides serving, in its own section after the flags and settings.
    expect(text).toMatch(/\nCommands:\n {2}hash-password +Read a password on standard input/);
    const docs = [...text.matchAll(/^ {2}(\/\S+\.md)$/gm)].map((match) => match[1]!);
    expect(docs.map((path) => path.slice(ROOT.length))).toEqual([
      '/docs/testing-your-integration.md',
      '/docs/configuration.md',
    ]);
    for (const path of docs) expect(existsSync(path), path).toBe(true);
    expect(Math.max(...text.split('\n').map((line) => line.length))).toBeLessThanOrEqual(100);
  });

  it('says of each flag and setting what the server’s table of settings says: its value, meaning and default', () => {
    const text = run(['--help']).stdout;
    const section = (title: string) => text.split(`\n${title}\n`)[1]!.split('\n\n')[0]!;
    // Each entry as one line: an entry starts at two spaces and a name, its wrapped lines are indented further.
    const entries = (lines: string) => lines.replace(/\n {3,}/g, ' ').split('\n');
    const flags = entries(section('Flags:')).map((line) =>
      /^ {2}(?:-h, )?--([a-z-]+)(?: ([A-Z][A-Z=]*))? +(.*)$/.exec(line)!,
    );
    const table = Object.entries(SETTINGS) as [string, Setting][];
    let checked = 0;
    for (const [, name, value, help] of flags) {
      const [variable, setting] =
        name === 'realm'
          ? ['REALM_FILE', SETTINGS.REALM_FILE as Setting]
          : (table.find(([, s]) => s.flag?.name === name) ?? []);
      if (!setting) continue;
      checked++;
      expect(value, name).toBe(name === 'realm' ? 'FILE' : setting.flag?.value);
      expect(help, name).toContain(`${plainText(setting.doc)}.`);
      if (variable !== 'DATA_DIR' && setting.default && setting.default !== 'off') {
        expect(help, name).toContain(`Default: ${setting.default}.`);
      }
    }
    expect(checked).toBe(8);
    const environment = entries(section('Environment (a flag wins; a .env file is never read):'));
    const named = environment.flatMap((line) => {
      const match = /^ {2}([A-Z][A-Z0-9_]*(?:=1)?(?:, [A-Z][A-Z0-9_]*(?:=1)?)*) (.*)$/.exec(line);
      return match
        ? [{ names: match[1]!.split(', ').map((shown) => shown.replace(/=1$/, '')), meaning: match[2]! }]
        : [];
    });
    expect(named.length).toBeGreaterThan(5);
    for (const { names, meaning } of named) {
      for (const name of names) expect(Object.keys(SETTINGS), name).toContain(name);
      if (meaning.startsWith('As the flags above')) continue;
      const setting = SETTINGS[names[0] as keyof typeof SETTINGS] as Setting;
      expect(meaning, names[0]).toContain(`${plainText(setting.doc)}.`);
    }
  });

  it('prints its version with --version', () => {
    const own = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(run(['--version'])).toEqual({ code: 0, stdout: `${own.version}\n`, stderr: '' });
  });

  it('serves https with --self-signed, from a certificate at a stable path in the data directory that clients can trust', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'emulator-bin-tls-')), 'data');
    const cert = join(dataDir, 'tls', 'localhost-cert.pem');
    const child = await start(['--port=0', '--self-signed', '--data-dir', dataDir], {
      ca: () => readFileSync(cert),
    });
    expect(child.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(child.output()).toContain(
      `TLS certificate: ${cert} (trust it in your client: NODE_EXTRA_CA_CERTS, REQUESTS_CA_BUNDLE)`,
    );
    const status = await new Promise<number | undefined>((done, fail) => {
      const url = new URL('/healthz', child.origin.replace('127.0.0.1', 'localhost'));
      get(url, { ca: readFileSync(cert) }, (res) => {
        res.resume();
        done(res.statusCode);
      }).once('error', fail);
    });
    expect(status).toBe(200);
  }, 60_000);

  it('uses a new --realm on a reused --data-dir (and says so), its users and its identities, never the old ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emulator-bin-reuse-'));
    const dataDir = join(dir, 'data');
    const realm = (user: string, identity: string) => {
      const file = join(dir, `${user}.json`);
      writeFileSync(
        file,
        JSON.stringify(
          testCollegeRealm(
            [{ UserName: `${user}@test.example`, Password: 'Ci-password-1' }],
            [{ UserName: identity, Password: 'Idp-password-1', Email: `${user}@test.example` }],
          ),
        ),
      );
      return file;
    };
    const first = await start(['--port=0', '--realm', realm('old', 'olive'), '--data-dir', dataDir]);
    expect(first.output()).toContain('(seeded into the new data directory)');
    first.process.kill('SIGTERM');
    await first.exited;

    const second = await start(['--port=0', '--realm', realm('new', 'nina'), '--data-dir', dataDir]);
    const output = second.output();
    expect(output).toMatch(/the data directory was seeded from another realm: re-imported, replacing/);
    expect(output).toContain('new@test.example');
    expect(output).toMatch(/^ {4}nina +-> new@test\.example$/m);
    expect(output).not.toMatch(/old@test\.example|olive|jane|jdoe@example\.edu|Idp-password-1/);
    expect((await signIn(second.origin, 'new@test.example', 'Ci-password-1')).status).toBe(200);
    expect((await signIn(second.origin, 'old@test.example', 'Ci-password-1')).status).toBe(401);
  }, 60_000);
});
