import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConnectionsAnswer, HealthResponse } from '../contract/wire.ts';
import { runScript } from './testing/child-server.ts';
import { processFixture } from './testing/process-fixture.ts';

/** `node --import tsx server/main.ts` with EMULATOR=off, as an operator starts it. */
const { tempDir, start } = processFixture();

/** A tenant nobody needs to reach: these tests only start and stop the server. */
const TENANT = 'acme=http://127.0.0.1:9/TDWebApi';

interface LogLine {
  level: string;
  time: string;
  msg: string;
  url?: string;
}

function jsonLines(output: string): LogLine[] {
  const lines = output.split('\n').filter((line) => line !== '');
  expect(lines.length).toBeGreaterThan(0);
  return lines.map((line) => {
    expect(() => JSON.parse(line) as unknown, line).not.toThrow();
    return JSON.parse(line) as LogLine;
  });
}

describe('the server with the emulator off', () => {
  it('prints only JSON log lines, names no demo sign-in, writes no data directory, and stops cleanly', async () => {
    const dataDir = join(tempDir(), 'never-made');
    const server = await start({ EMULATOR: 'off', RELAY_TENANTS: TENANT, DATA_DIR: dataDir });
    const health = (await (await fetch(`${server.origin}/healthz`)).json()) as HealthResponse;
    expect(health.emulator).toBe(false);
    const listing = (await (await fetch(`${server.origin}/relay`)).json()) as ConnectionsAnswer;
    expect(listing).toMatchObject({ emulator: false, default: 'acme' });
    expect((await fetch(`${server.api}/auth/getuser`)).status).toBe(404);

    server.process.kill('SIGTERM');
    await server.exited;
    expect(server.process.exitCode).toBe(0);
    const lines = jsonLines(server.output());
    expect(lines[0]).toMatchObject({ level: 'info', url: server.origin });
    expect(lines[0]!.msg).toBe(`Auth Console (emulator off): ${server.origin}/`);
    expect(lines.map((line) => line.msg)).toContain(
      `Relay: ${server.origin}/relay/acme/ -> http://127.0.0.1:9/TDWebApi/`,
    );
    // A request's log line is written when its connection closes, which may be during the stop itself.
    const ownLines = lines.filter((line) => line.msg !== 'request');
    expect(ownLines.at(-1)!.msg).toMatch(/^Stopping/);
    expect(server.output()).not.toMatch(/Tdx-demo|Sso-demo|jdoe|example\.edu|Data directory|database/i);
    expect(existsSync(dataDir)).toBe(false);
    expect(lines.filter((line) => line.level === 'warn')).toEqual([]);
  }, 60_000);

  it('warns once, by name and never by value, of the emulator’s own settings it ignores', async () => {
    const secret = 'not-to-be-printed-7f3a';
    const server = await start({
      EMULATOR: 'off',
      RELAY_TENANTS: TENANT,
      SSO_ISSUER: 'https://idp.example.edu',
      SSO_CLIENT_ID: 'console',
      SSO_CLIENT_SECRET: secret,
      RATE_LIMIT: '5',
    });
    server.process.kill('SIGTERM');
    await server.exited;
    const warnings = jsonLines(server.output()).filter((line) => line.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      ignored: ['RATE_LIMIT', 'SSO_ISSUER', 'SSO_CLIENT_ID', 'SSO_CLIENT_SECRET'],
    });
    expect(warnings[0]!.msg).toMatch(/^Ignored with the emulator off .*RATE_LIMIT, SSO_ISSUER/);
    expect(server.output()).not.toContain(secret);
    expect(server.output()).not.toContain('idp.example.edu');
  }, 60_000);

  it('is read from .env and from --emulator=off like any setting; a fresh data directory stays empty', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, '.env'), `EMULATOR=off\nRELAY_TENANTS=${TENANT}\n`);
    const emptyDataDir = tempDir();
    const fromFile = await start({ DATA_DIR: emptyDataDir }, cwd);
    const health = (await (await fetch(`${fromFile.origin}/healthz`)).json()) as HealthResponse;
    expect(health.emulator).toBe(false);
    expect((await fetch(`${fromFile.api}/auth/login`, { method: 'POST' })).status).toBe(404);
    expect(readdirSync(emptyDataDir)).toEqual([]);
    const run = await runScript('server/main.ts', ['--emulator=off'], { DATA_DIR: tempDir(), PORT: '0' });
    expect(run.code).toBe(1);
    expect(jsonLines(run.output)[0]!.msg).toMatch(/^Cannot start: EMULATOR=off leaves nothing to serve/);
  }, 60_000);

  it('with no tenant to relay to, exits 1 with one JSON line saying so', async () => {
    const dataDir = join(tempDir(), 'never-made');
    const run = await runScript('server/main.ts', [], {
      EMULATOR: 'off',
      RELAY_TENANTS: '',
      CONNECTIONS_FILE: '',
      DATA_DIR: dataDir,
      PORT: '0',
    });
    expect(run.code).toBe(1);
    const lines = jsonLines(run.output);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'fatal',
      msg: 'Cannot start: EMULATOR=off leaves nothing to serve: name a tenant to relay to in CONNECTIONS_FILE or RELAY_TENANTS.',
    });
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);

  it('with a bad setting, says so in one JSON line too', async () => {
    const run = await runScript('server/main.ts', [], {
      EMULATOR: 'off',
      RELAY_TENANTS: TENANT,
      PORT: 'eighty',
      DATA_DIR: tempDir(),
    });
    expect(run.code).toBe(1);
    const lines = jsonLines(run.output);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'fatal' });
    expect(lines[0]!.msg).toMatch(/^Cannot start: PORT must be/);
  }, 60_000);
});
