import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionsAnswer, HealthResponse } from '../contract/wire.ts';
import { spawnServer, type ChildServer } from './testing/child-server.ts';
import { DEMO, login } from './testing/start-server.ts';

/**
 * The production start as the README's deployment section tells it: `npm run build` once, then `npm run serve`
 * from a tree that holds only what it needs, development dependencies pruned (`npm prune --omit=dev`).
 */
const ROOT = resolve(import.meta.dirname, '..');
const SERVE = 'node --import tsx server/main.ts';
/** Building, copying and pruning take a while on a busy 2-core machine. */
const SLOW = 180_000;

let scratch: string;
let tree: string;
const children: ChildServer[] = [];

/** A copy of the built tree: node_modules hard-linked (fast), and its npm metadata copied so pruning cannot reach the original. */
function copyBuiltTree(to: string) {
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(ROOT, file), join(to, file));
  for (const dir of ['server', 'contract', 'dist'])
    cpSync(join(ROOT, dir), join(to, dir), { recursive: true });
  execFileSync('cp', ['-al', join(ROOT, 'node_modules'), join(to, 'node_modules')]);
  const hiddenLock = join(to, 'node_modules', '.package-lock.json');
  if (existsSync(hiddenLock)) {
    rmSync(hiddenLock);
    cpSync(join(ROOT, 'node_modules', '.package-lock.json'), hiddenLock);
  }
}

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
    // `npm run build`, as an operator runs it once.
    execFileSync(
      process.execPath,
      [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
      {
        cwd: ROOT,
        stdio: 'ignore',
      },
    );
  }
  scratch = mkdtempSync(join(tmpdir(), 'production-start-'));
  tree = join(scratch, 'app');
  copyBuiltTree(tree);
  execFileSync('npm', ['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund'], {
    cwd: tree,
    stdio: 'ignore',
  });
}, SLOW);

afterAll(() => {
  for (const child of children) child.process.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

async function serve(env: Record<string, string>): Promise<ChildServer> {
  const child = await spawnServer(join(scratch, 'data'), env, { tree });
  children.push(child);
  return child;
}

describe('npm run serve on a built tree without development dependencies', () => {
  it('is the node command these tests run, and the tree holds runtime dependencies only', () => {
    const scripts = (
      JSON.parse(readFileSync(join(tree, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts.serve).toBe(SERVE);
    const installed = (name: string) => existsSync(join(tree, 'node_modules', name, 'package.json'));
    for (const dev of ['vite', 'vitest', 'typescript', 'react', '@playwright/test', '@mui/material'])
      expect(installed(dev), dev).toBe(false);
    for (const runtime of ['tsx', 'pino', 'better-sqlite3', 'oidc-provider'])
      expect(installed(runtime), runtime).toBe(true);
  });

  it(
    'with the emulator on: serves the console, and a password signs in',
    async () => {
      const server = await serve({ RELAY_TENANTS: '' });
      const health = (await (await fetch(`${server.origin}/healthz`)).json()) as HealthResponse;
      expect(health).toMatchObject({ status: 'ok', emulator: true });
      const listing = (await (await fetch(`${server.origin}/relay`)).json()) as ConnectionsAnswer;
      expect(listing).toEqual({ emulator: true, default: 'emulator', tenants: [] });
      const page = await fetch(`${server.origin}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const token = await login(server.api, DEMO.jdoe);
      const user = await fetch(`${server.api}/auth/getuser`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(user.status).toBe(200);
    },
    SLOW,
  );

  it(
    'with EMULATOR=off and CONNECTIONS_FILE: relays to the tenant, and writes nothing',
    async () => {
      const tenant = await serve({ RELAY_TENANTS: '' });
      const file = join(scratch, 'connections.json');
      writeFileSync(
        file,
        JSON.stringify({
          default: 'acme',
          connections: [{ name: 'acme', label: 'Acme University', base: `${tenant.origin}/TDWebApi` }],
        }),
      );
      const before = readdirSync(tree).sort();
      const dataDir = join(scratch, 'never-made');
      const server = await spawnServer(
        dataDir,
        { EMULATOR: 'off', CONNECTIONS_FILE: file, RELAY_TENANTS: '' },
        { tree },
      );
      children.push(server);
      const health = (await (await fetch(`${server.origin}/healthz`)).json()) as HealthResponse;
      expect(health).toMatchObject({ status: 'ok', service: 'auth-console', emulator: false });
      const listing = (await (await fetch(`${server.origin}/relay`)).json()) as ConnectionsAnswer;
      expect(listing).toMatchObject({
        emulator: false,
        default: 'acme',
        tenants: [{ name: 'acme', label: 'Acme University' }],
      });
      expect((await fetch(`${server.api}/auth/login`, { method: 'POST' })).status).toBe(404);
      const token = await login(`${server.origin}/relay/acme/api`, DEMO.jdoe);
      expect(token.split('.')).toHaveLength(3);
      expect(existsSync(dataDir)).toBe(false);
      expect(readdirSync(tree).sort()).toEqual(before);
      for (const line of server.output().trim().split('\n'))
        expect(() => JSON.parse(line) as unknown, line).not.toThrow();
    },
    SLOW,
  );
});
