import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

/** The server's code that reads its settings from the environment. */
const READERS = ['config.ts', 'connections-file.ts', '../main.ts', 'env-file.ts'];
const NAME = '[A-Z][A-Z0-9_]*';

const text = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const EXAMPLE = text('../../.env.example');
const CONFIGURATION = text('../../docs/configuration.md');

function matches(source: string, pattern: RegExp): string[] {
  return [...source.matchAll(pattern)].map((match) => match[1]!);
}

/** The variables named in the readers' source: `env.NAME`, `env['NAME']`, `{ NAME: x } = env`, `value('flag', 'NAME')`. */
function settingsInSource(): string[] {
  const names = READERS.flatMap((file) => {
    const source = text(file);
    const destructured = matches(source, /\{([^{}]*)\}\s*=\s*(?:process\.)?env\b/g).flatMap((keys) =>
      matches(keys, new RegExp(`(?:^|[{,\\s])(${NAME})\\s*(?::|,|$)`, 'g')),
    );
    return [
      ...matches(source, new RegExp(`\\benv\\.(${NAME})\\b`, 'g')),
      ...matches(source, new RegExp(`\\benv\\[\\s*['"\`](${NAME})['"\`]\\s*\\]`, 'g')),
      ...matches(source, new RegExp(`\\bvalue\\(\\s*'[^']*'\\s*,\\s*'(${NAME})'\\s*\\)`, 'g')),
      ...destructured,
    ];
  });
  return [...new Set(names)].sort();
}

/** Every environment variable loadConfig reads, found by watching it read an empty environment. */
function settingsRead(): string[] {
  const read = new Set<string>();
  const env = new Proxy<NodeJS.ProcessEnv>(
    {},
    {
      get(_target, name) {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
    },
  );
  loadConfig(env, [], '/srv/auth-console');
  return [...read].sort();
}

/** The variables of the configuration table: the back-quoted names in the first cell of each row. */
function settingsInTable(): string[] {
  const table = CONFIGURATION.split('\n## ').find((section) => section.startsWith('Settings\n'));
  if (!table) throw new Error('docs/configuration.md has no "## Settings" section');
  const rows = table.split('\n').filter((line) => line.startsWith('| `'));
  const names = rows.flatMap((row) =>
    matches(row.split('|')[1]!, new RegExp(`\`(${NAME})(?:=[^\`]*)?\``, 'g')),
  );
  return [...new Set(names)].sort();
}

const settingsInExample = () => [...new Set(matches(EXAMPLE, new RegExp(`^# (${NAME})=`, 'gm')))].sort();

describe('the settings, their table in docs/configuration.md and .env.example', () => {
  it('finds in the source every variable loadConfig reads, and no other', () => {
    expect(settingsRead()).toContain('EMULATOR');
    expect(settingsInSource()).toEqual(settingsRead());
  });

  it('lists in the configuration table exactly the variables the server reads', () => {
    expect(settingsInTable()).toEqual(settingsInSource());
  });

  it('lists in .env.example, commented out, exactly the variables the server reads', () => {
    expect(settingsInExample()).toEqual(settingsInSource());
  });

  it('sets nothing in .env.example as it is: every line is a comment or blank', () => {
    for (const line of EXAMPLE.split('\n')) expect(line).toMatch(/^(#.*)?$/);
  });
});
