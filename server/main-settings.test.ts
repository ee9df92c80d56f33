import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConnectionsAnswer } from '../contract/wire.ts';
import { runScript } from './testing/child-server.ts';
import { processFixture } from './testing/process-fixture.ts';
import { recordSandbox } from './testing/recorded-sandbox.ts';
import { DEMO } from './testing/start-server.ts';

/** The server as an operator starts it: `node --import tsx server/main.ts`, its own process. */
const { tempDir, start } = processFixture();

describe('a bad setting', () => {
  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['RELAY_TENANTS', { RELAY_TENANTS: 'acme=ftp://acme.example/TDWebApi' }],
    ['SSO_ISSUER', { SSO_ISSUER: 'https://idp.example' }],
    ['SSO_CLAIM', { SSO_CLAIM: 'not a claim!' }],
    ['EMULATOR', { EMULATOR: 'sometimes' }],
    ['CONNECTIONS_FILE', { CONNECTIONS_FILE: '/nonexistent/connections.json' }],
    ['CONNECTIONS_FILE', { CONNECTIONS_FILE: 'package.json' }],
    ['TLS_CERT', { TLS_CERT: '/nonexistent/cert.pem', TLS_KEY: 'package.json' }],
    ['TLS_KEY', { TLS_CERT: 'package.json', TLS_KEY: '/nonexistent/key.pem' }],
    ['TLS_KEY', { TLS_CERT: 'package.json', TLS_KEY: 'package.json' }],
    [
      'EMULATOR_CONTROL_TOKEN',
      { EMULATOR_CONTROL: '1', TRUST_PROXY: '127.0.0.1', PUBLIC_ORIGIN: 'http://emu.example.test:8080' },
    ],
  ])(
    '%s: exits non-zero with one line naming it',
    async (name, env) => {
      const run = await runScript('server/main.ts', [], { DATA_DIR: tempDir(), PORT: '0', ...env });
      expect(run.code).not.toBe(0);
      expect(run.code).not.toBeNull();
      const lines = run.output.trim().split('\n');
      expect(lines, run.output).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Cannot start: .*\\b${name}\\b`));
    },
    60_000,
  );
});

describe('a refused URL setting', () => {
  it.each([
    ['CONNECTIONS_FILE', 'https://acme.example/TDWebApi?apikey=S3CR3T'],
    ['PUBLIC_ORIGIN', 'https://console.example/?k=S3CR3T'],
    ['PUBLIC_ORIGIN', 'https://admin:S3CR3T@console.example'],
  ])(
    '%s = %s: the start names the setting and never repeats the secret',
    async (name, value) => {
      const env: Record<string, string> = { DATA_DIR: tempDir(), PORT: '0' };
      if (name === 'CONNECTIONS_FILE') {
        const file = join(tempDir(), 'connections.json');
        writeFileSync(file, JSON.stringify({ connections: [{ name: 'acme', label: 'Acme', base: value }] }));
        Object.assign(env, { EMULATOR: 'off', CONNECTIONS_FILE: file });
      } else {
        env[name] = value;
      }
      const run = await runScript('server/main.ts', [], env);
      expect(run.code).toBe(1);
      expect(run.output).toMatch(new RegExp(`Cannot start: [^\\n]*\\b${name}\\b`));
      expect(run.output).not.toContain('S3CR3T');
    },
    60_000,
  );
});

describe('.env in the working directory', () => {
  it('is read at start, and the environment wins over it', async () => {
    const cwd = tempDir();
    writeFileSync(
      join(cwd, '.env'),
      [
        '# as in .env.example',
        'RATE_LIMIT=7',
        'RELAY_TENANTS=from-file=http://127.0.0.1:9/TDWebApi',
        '',
      ].join('\n'),
    );
    const server = await start({ RELAY_TENANTS: 'from-env=http://127.0.0.1:9/TDWebApi' }, cwd);
    const login = await fetch(`${server.api}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: DEMO.jdoe, password: DEMO.password }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('x-ratelimit-limit')).toBe('7');
    const { tenants } = (await (await fetch(`${server.origin}/relay`)).json()) as ConnectionsAnswer;
    expect(tenants.map((tenant) => tenant.name)).toEqual(['from-env']);
    expect(server.output()).toContain(`Settings read from ${join(cwd, '.env')}`);
  }, 60_000);

  it('with a bad setting stops the start like the environment does', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, '.env'), 'RELAY_TENANTS=nope\n');
    const run = await runScript('server/main.ts', [], { DATA_DIR: tempDir(), PORT: '0' }, { cwd });
    expect(run.code).toBe(1);
    expect(run.output.trim()).toMatch(/^Cannot start: RELAY_TENANTS entries/);
  }, 60_000);
});

describe('EMULATOR_CONTROL=1', () => {
  it('starts on loopback with nothing in front and no token, and answers a test process', async () => {
    const server = await start({ EMULATOR_CONTROL: '1' });
    expect(server.output()).toContain(`Test control: ${server.origin}/_emulator/`);
    const reset = await fetch(`${server.origin}/_emulator/reset`, { method: 'POST' });
    expect(reset.status).toBe(200);
  }, 60_000);
});

describe('REPLAY_DIR', () => {
  it('names the directory and how many recordings it loaded in the start banner', async () => {
    const recordings = await recordSandbox();
    const server = await start({ REPLAY_DIR: recordings });
    expect(server.output()).toContain(`  Replay: 2 recordings loaded from ${recordings}`);
  }, 60_000);
});
