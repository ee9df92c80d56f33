import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { writePackedProject } from '../testing/packed-project.ts';

/**
 * `npm run test:package`'s one slow step, done once for all its files (vitest's globalSetup): `npm pack`, then the
 * tarball installed into an empty directory with no network: `npm ci --offline` from a lockfile made from this
 * project's own (`writePackedProject`). Slow: better-sqlite3 compiles from source (some 105 s here).
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

let installed = '';

export async function setup(project: TestProject) {
  installed = mkdtempSync(join(tmpdir(), 'packed-emulator-'));
  await run('npm', ['pack', '--pack-destination', installed], { cwd: ROOT });
  const tarballName = readdirSync(installed).find((file) => file.endsWith('.tgz'))!;
  writePackedProject(installed, tarballName);
  await run('npm', ['ci', '--offline', '--no-audit', '--no-fund'], { cwd: installed });
  project.provide('packed', { installed, tarball: join(installed, tarballName), tarballName });
}

export function teardown() {
  if (installed) rmSync(installed, { recursive: true, force: true });
}
