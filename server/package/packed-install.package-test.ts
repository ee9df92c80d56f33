import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawnServer, type ChildServer } from '../testing/child-server.ts';
import { freePort } from '../testing/free-port.ts';
import { writePackedProject } from '../testing/packed-project.ts';
import { DEMO } from '../testing/start-server.ts';

/**
 * The proof that the package stands alone: `npm pack`, install the tarball into an empty directory with no
 * network (`npm ci --offline` from a lockfile made from this project's own: `writePackedProject`),
 * `npx auth-console-emulator`, sign in.
 * Slow (better-sqlite3 compiles from source, some 105 s here): run with `npm run test:package`.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'packed-emulator-'));
let tarball = '';
let child: ChildServer | undefined;

beforeAll(async () => {
  await run('npm', ['pack', '--pack-destination', dir], { cwd: ROOT });
  tarball = readdirSync(dir).find((file) => file.endsWith('.tgz'))!;
  writePackedProject(dir, tarball);
  await run('npm', ['ci', '--offline', '--no-audit', '--no-fund'], { cwd: dir });
}, 600_000);

afterAll(() => {
  if (child?.process.pid) process.kill(-child.process.pid, 'SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

it('packs the bin, server, contract and built console, and no tests', async () => {
  const { stdout } = await run('tar', ['tzf', join(dir, tarball)]);
  const files = stdout.trim().split('\n');
  for (const file of [
    'package/bin/auth-console-emulator.js',
    'package/server/main.ts',
    'package/server/realm/demo.json',
    'package/contract/wire.ts',
    'package/dist/index.html',
  ]) {
    expect(files).toContain(file);
  }
  expect(files.filter((file) => /\.test\.ts$|\/testing\/|^package\/(src|e2e)\//.test(file))).toEqual([]);
});

it('runs `npx auth-console-emulator --port <free>` from the installed tarball and answers a sign-in', async () => {
  const port = await freePort();
  child = await spawnServer(
    join(dir, 'data'),
    { DATA_DIR: undefined, PORT: undefined },
    {
      command: ['npx', '--offline', 'auth-console-emulator', '--port', String(port)],
      cwd: dir,
      detached: true,
    },
  );
  expect(child.origin).toBe(`http://127.0.0.1:${port}`);
  const res = await fetch(`${child.origin}/TDWebApi/api/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: DEMO.jdoe, password: DEMO.password }),
  });
  expect(res.status).toBe(200);
  expect((await res.text()).split('.')).toHaveLength(3);
});
