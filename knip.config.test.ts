import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// knip.config.ts, the configuration `npm run lint` runs knip with, applied to a small tree laid out like this one.
const KNIP = join(import.meta.dirname, 'node_modules', 'knip', 'bin', 'knip.js');
const SLOW = 60_000;

/** A tree with nothing dead in it: the server's start reads a clock, a test uses what it tests. */
const CLEAN: Record<string, string> = {
  'package.json': JSON.stringify({
    name: 'fixture',
    private: true,
    type: 'module',
    scripts: { start: 'node server/main.ts' },
    devDependencies: { vitest: '*' },
  }),
  'server/main.ts': "import { systemClock } from './runtime/clock.ts';\nconsole.log(systemClock.now());\n",
  'server/runtime/clock.ts': 'export const systemClock = { now: () => Date.now() };\n',
  'server/runtime/clock.test.ts': [
    "import { expect, it } from 'vitest';",
    "import { systemClock } from './clock.ts';",
    "it('reads the time', () => expect(systemClock.now()).toBeGreaterThan(0));",
    '',
  ].join('\n'),
};

interface Found {
  exitCode: number | null;
  /** `file` for an unused file, `file: name` for an unused export or dependency. */
  issues: string[];
}

interface KnipIssue {
  file: string;
  files: { name: string }[];
  exports: { name: string }[];
  dependencies: { name: string }[];
}

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

function knip(files: Record<string, string>, production: boolean): Found {
  dir = mkdtempSync(join(tmpdir(), 'knip-fixture-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  copyFileSync(join(import.meta.dirname, 'knip.config.ts'), join(dir, 'knip.config.ts'));
  const args = [KNIP, '--directory', dir, '--reporter', 'json', '--no-progress'];
  const run = spawnSync(process.execPath, production ? [...args, '--production'] : args, {
    encoding: 'utf8',
  });
  const { issues } = JSON.parse(run.stdout) as { issues: KnipIssue[] };
  rmSync(dir, { recursive: true, force: true });
  dir = null;
  return {
    exitCode: run.status,
    issues: issues.flatMap((issue) => [
      ...issue.files.map((file) => file.name),
      ...[...issue.exports, ...issue.dependencies].map((item) => `${issue.file}: ${item.name}`),
    ]),
  };
}

describe('knip.config.ts: dead code fails the lint', () => {
  it(
    'passes a tree with nothing dead, in both runs',
    () => {
      expect(knip(CLEAN, false)).toEqual({ exitCode: 0, issues: [] });
      expect(knip(CLEAN, true)).toEqual({ exitCode: 0, issues: [] });
    },
    SLOW,
  );

  it(
    'fails on a file nothing imports, an export nothing imports and a dependency nothing uses',
    () => {
      const found = knip(
        {
          ...CLEAN,
          'package.json': CLEAN['package.json']!.replace(
            '"devDependencies"',
            '"dependencies":{"jose":"*"},"devDependencies"',
          ),
          'server/runtime/clock.ts': `${CLEAN['server/runtime/clock.ts']}export function unusedHelper() {\n  return 1;\n}\n`,
          'server/orphan.ts': 'export const orphan = 1;\n',
        },
        false,
      );
      expect(found.exitCode).toBe(1);
      expect(found.issues.sort()).toEqual([
        'package.json: jose',
        'server/orphan.ts',
        'server/runtime/clock.ts: unusedHelper',
      ]);
    },
    SLOW,
  );

  it(
    'fails --production on an export that only a test imports, as ManualClock was',
    () => {
      const files = {
        ...CLEAN,
        'server/runtime/clock.ts': `${CLEAN['server/runtime/clock.ts']}export class ManualClock {\n  now() {\n    return 0;\n  }\n}\n`,
        'server/runtime/clock.test.ts': `${CLEAN['server/runtime/clock.test.ts']}import { ManualClock } from './clock.ts';\nit('stands still', () => expect(new ManualClock().now()).toBe(0));\n`,
      };
      expect(knip(files, false)).toEqual({ exitCode: 0, issues: [] });
      expect(knip(files, true)).toEqual({ exitCode: 1, issues: ['server/runtime/clock.ts: ManualClock'] });
    },
    SLOW,
  );
});
