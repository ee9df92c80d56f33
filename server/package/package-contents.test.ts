import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * What `npm pack` puts in the tarball, checked without building or packing it (`--dry-run --ignore-scripts`
 * lists the files package.json's `files` selects): the packaged-bin test (npm run test:package) installs the real
 * thing, and the GitHub Actions test runs the documented steps on it.
 */
const ROOT = resolve(import.meta.dirname, '../..');
let files: string[] = [];

beforeAll(() => {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  files = (JSON.parse(out) as [{ files: { path: string }[] }])[0].files.map((file) => file.path);
}, 60_000);

const text = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const markdown = () => files.filter((path) => path.endsWith('.md'));

/** Every relative link target of a markdown text (images included), without its #fragment. */
function relativeLinks(source: string): string[] {
  const targets = [...source.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
  return targets
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => target.split('#')[0]!);
}

describe('the tarball', () => {
  it('ships the bin, the server, the docs and the README, and no test code', () => {
    for (const path of [
      'bin/auth-console-emulator.js',
      'server/main.ts',
      'server/realm/realm.schema.json',
      'docs/testing-your-integration.md',
      'README.md',
    ]) {
      expect(files).toContain(path);
    }
    const code = files.filter((path) => /\.(ts|js|mjs)$/.test(path) && !path.startsWith('dist/'));
    const testCode = code.filter(
      (path) =>
        /\.(test|spec|package-test)\.ts$|(^|\/)(testing|e2e)\//.test(path) ||
        /from '(vitest|@playwright\/test|fast-check)'|\/testing\//.test(text(path)),
    );
    expect(testCode).toEqual([]);
    expect(files.filter((path) => /^(src|e2e|scripts|bench)\//.test(path))).toEqual([]);
  });

  it('has every relative link of its README and docs resolve to a file it ships', () => {
    const broken = markdown().flatMap((path) =>
      relativeLinks(text(path))
        .map((target) => normalize(join(dirname(path), target)))
        .filter((target) => !files.includes(target))
        .map((target) => `${path} -> ${target}`),
    );
    expect(markdown().length).toBeGreaterThan(5);
    expect(broken).toEqual([]);
  });

  it('has every doc run the installed bin, never a bare npx that would fetch the name from the registry', () => {
    const bare: string[] = [];
    for (const path of [...markdown(), 'bin/auth-console-emulator.js']) {
      text(path)
        .split('\n')
        .forEach((line, index) => {
          for (const match of line.matchAll(/\bnpx\b([^`|\n]*?)auth-console-emulator/g)) {
            if (!/--no-install\b/.test(match[1]!)) bare.push(`${path}:${index + 1}: ${line.trim()}`);
          }
        });
    }
    expect(bare).toEqual([]);
  });

  it('never shows a start in the background through npx, whose $! is not the server', () => {
    const backgrounded = markdown().flatMap((path) =>
      text(path)
        .split('\n')
        .filter((line) => /\bnpx\b.*&\s*$/.test(line))
        .map((line) => `${path}: ${line.trim()}`),
    );
    expect(backgrounded).toEqual([]);
  });
});
