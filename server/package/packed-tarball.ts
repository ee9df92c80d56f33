import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

/**
 * `npm run test:package`'s one slow step, done once for all its files (vitest's globalSetup): `npm pack`, then the
 * tarball installed into an empty directory with no network. Offline, `npm install ./tarball` needs registry
 * metadata that the local cache does not hold (npm ci only stored tarballs), so the empty directory gets a
 * lockfile made from this project's own (its production entries) and `npm ci --offline` takes every tarball from
 * the cache by integrity. Slow: better-sqlite3 compiles from source (some 105 s here).
 */

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

export interface PackedTarball {
  /** The directory the tarball was installed into (its node_modules holds the package and its dependencies). */
  installed: string;
  /** The tarball's path, and its file name as npm pack named it. */
  tarball: string;
  tarballName: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    packed: PackedTarball;
  }
}

interface LockEntry {
  dev?: boolean;
}

function writeProject(dir: string, tarballName: string) {
  const own = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const dependency = { 'auth-console': `file:${tarballName}` };
  const packages: Record<string, unknown> = {
    '': { name: 'packed-emulator-test', version: '1.0.0', dependencies: dependency },
    'node_modules/auth-console': {
      version: own.version,
      resolved: `file:${tarballName}`,
      dependencies: own.dependencies,
      bin: own.bin,
      engines: own.engines,
    },
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path.startsWith('node_modules/') && !entry.dev) packages[path] = entry;
  }
  const name = { name: 'packed-emulator-test', version: '1.0.0' };
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ ...name, private: true, dependencies: dependency }),
  );
  writeFileSync(
    join(dir, 'package-lock.json'),
    JSON.stringify({ ...name, lockfileVersion: 3, requires: true, packages }),
  );
}

let installed = '';

export async function setup(project: TestProject) {
  installed = mkdtempSync(join(tmpdir(), 'packed-emulator-'));
  await run('npm', ['pack', '--pack-destination', installed], { cwd: ROOT });
  const tarballName = readdirSync(installed).find((file) => file.endsWith('.tgz'))!;
  writeProject(installed, tarballName);
  await run('npm', ['ci', '--offline', '--no-audit', '--no-fund'], { cwd: installed });
  project.provide('packed', { installed, tarball: join(installed, tarballName), tarballName });
}

export function teardown() {
  if (installed) rmSync(installed, { recursive: true, force: true });
}
