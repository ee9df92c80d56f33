import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

interface LockEntry {
  dev?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** Where the lockfile's layout puts `name` for the package at `from`: its own node_modules first, then upwards. */
function installedAt(packages: Record<string, unknown>, from: string, name: string): string | undefined {
  for (let at = from; ; at = at.slice(0, Math.max(0, at.lastIndexOf('/node_modules/')))) {
    const candidate = at === '' ? `node_modules/${name}` : `${at}/node_modules/${name}`;
    if (candidate in packages) return candidate;
    if (at === '') return undefined;
  }
}

/**
 * Writes, into the empty directory `dir`, a project that depends on the packed tarball (a file in `dir`) and a
 * lockfile made from this project's own production entries, so that `npm ci --offline` installs it from npm's
 * cache (offline, `npm install ./tarball` needs registry metadata the cache does not hold). `without` leaves out
 * runtime dependencies, and every package only they needed, as if the package did not depend on them. Answers the
 * number of packages locked besides the tarball's own.
 */
export function writePackedProject(dir: string, tarball: string, without: readonly string[] = []): number {
  const own = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    version: string;
    dependencies: Record<string, string>;
    bin: unknown;
    engines: unknown;
  };
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const dependencies = Object.fromEntries(
    Object.entries(own.dependencies).filter(([name]) => !without.includes(name)),
  );
  const dependency = { 'auth-console': `file:${tarball}` };
  const production = Object.fromEntries(
    Object.entries(lock.packages).filter(([path, entry]) => path.startsWith('node_modules/') && !entry.dev),
  );
  // Every production entry reachable from what the package still depends on.
  const kept = new Map<string, LockEntry>();
  const reach = (from: string, names: string[]) => {
    for (const name of names) {
      const path = installedAt(production, from, name);
      if (path === undefined || kept.has(path)) continue;
      const entry = production[path]!;
      kept.set(path, entry);
      reach(
        path,
        Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies }),
      );
    }
  };
  reach('', Object.keys(dependencies));
  const packages: Record<string, unknown> = {
    '': { name: 'packed-emulator-test', version: '1.0.0', dependencies: dependency },
    'node_modules/auth-console': {
      version: own.version,
      resolved: `file:${tarball}`,
      dependencies,
      bin: own.bin,
      engines: own.engines,
    },
    ...Object.fromEntries(kept),
  };
  const name = { name: 'packed-emulator-test', version: '1.0.0' };
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ ...name, private: true, dependencies: dependency }),
  );
  writeFileSync(
    join(dir, 'package-lock.json'),
    JSON.stringify({ ...name, lockfileVersion: 3, requires: true, packages }),
  );
  return kept.size;
}
