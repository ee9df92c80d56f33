import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { writePackedProject } from '../server/testing/packed-project.ts';

/**
 * What an integrator's install of the packed tarball costs with better-sqlite3 (compiled from source against the
 * running Node's headers) and without it (what node:sqlite would leave), each `npm ci --offline` from npm's cache
 * into an empty directory, as `npm run test:package` installs it: for docs/development.md ("node:sqlite in place of
 * better-sqlite3"). `node --import tsx bench/tarball-install.ts` after an `npm ci` (which fills the cache).
 */
const ROOT = resolve(import.meta.dirname, '..');
const run = promisify(execFile);

async function timedInstall(dir: string): Promise<number> {
  const started = performance.now();
  await run('npm', ['ci', '--offline', '--no-audit', '--no-fund'], { cwd: dir });
  return (performance.now() - started) / 1000;
}

const work = mkdtempSync(join(tmpdir(), 'tarball-install-'));
try {
  await run('npm', ['pack', '--pack-destination', work], { cwd: ROOT });
  const tarball = readdirSync(work).find((file) => file.endsWith('.tgz'))!;
  console.log(`Node ${process.version}, ${tarball}`);
  for (const [label, without] of [
    ['with better-sqlite3 (as published)', []],
    ['without better-sqlite3', ['better-sqlite3']],
  ] as const) {
    const dir = join(work, without.length === 0 ? 'with' : 'without');
    mkdirSync(dir);
    await run('cp', [join(work, tarball), dir]);
    const packages = writePackedProject(dir, tarball, without);
    const seconds = await timedInstall(dir);
    console.log(`${label}, ${packages} packages: npm ci --offline took ${seconds.toFixed(1)} s`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
