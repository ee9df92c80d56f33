import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { SETTING_DEFAULTS } from './setting-defaults.ts';
import { yesNo } from './yes-no.ts';

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

/** The rows of the configuration table: the back-quoted names of the first cell, and the default cell. */
function tableRows(): { names: string[]; default: string }[] {
  const table = CONFIGURATION.split('\n## ').find((section) => section.startsWith('Settings\n'));
  if (!table) throw new Error('docs/configuration.md has no "## Settings" section');
  // Cells split on bars that are not escaped (`on\|off`).
  const cells = (row: string) => row.split(/(?<!\\)\|/).map((cell) => cell.trim());
  return table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((row) => ({
      names: matches(cells(row)[1]!, new RegExp(`\`(${NAME})(?:=[^\`]*)?\``, 'g')),
      default: cells(row)[3]!,
    }));
}

/** The variables of the configuration table. */
const settingsInTable = () => [...new Set(tableRows().flatMap((row) => row.names))].sort();

const settingsInExample = () => [...new Set(matches(EXAMPLE, new RegExp(`^# (${NAME})=`, 'gm')))].sort();

/** The defaults the code reads, as the environment would write them, found by loading an empty environment. */
function defaultsRead(): Record<string, string> {
  const root = '/srv/auth-console';
  const config = loadConfig({}, [], root);
  const onOff = (yes: boolean) => (yes ? 'on' : 'off');
  return {
    EMULATOR: onOff(config.emulator),
    PORT: String(config.port),
    HOST: config.host,
    DATA_DIR: relative(root, config.dataDir),
    TLS_SELF_SIGNED: onOff(config.tls.kind === 'self-signed'),
    RATE_LIMIT: String(config.rateLimit),
    SSO_CLAIM: config.ssoClaim,
    SSO_ALLOW_UNVERIFIED_EMAIL: onOff(config.ssoAllowUnverifiedEmail),
    RELAY_TIMEOUT_MS: String(config.relayTimeoutMs),
    EMULATOR_CONTROL: onOff(config.emulatorControl !== null),
    RECORD_MAX_FILES: String(config.recordMaxFiles),
    RECORD_MAX_MB: String(config.recordMaxBytes / (1024 * 1024)),
    RECORD_SEQUENCES: onOff(config.recordSequences),
    REPLAY_OVERRIDES: onOff(config.replayOverrides),
    REPLAY_TOO_OLD: config.replayTooOld,
    LOG_LEVEL: config.logLevel,
  };
}

const hasDefault = (name: string): name is keyof typeof SETTING_DEFAULTS =>
  Object.hasOwn(SETTING_DEFAULTS, name);

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

  it('reads its defaults from the one table, server/config/setting-defaults.ts', () => {
    expect(defaultsRead()).toEqual(SETTING_DEFAULTS);
  });

  it('states in the configuration table each default as the table has it, and no default for the others', () => {
    for (const row of tableRows()) {
      for (const name of row.names) {
        if (hasDefault(name)) expect(row.default, name).toBe(`\`${SETTING_DEFAULTS[name]}\``);
        // unset, demo realm, the listening URL: words, never a value of its own.
        else expect(row.default, name).not.toMatch(/^`[^`]*`$/);
      }
    }
    expect(Object.keys(SETTING_DEFAULTS).every((name) => settingsInTable().includes(name))).toBe(true);
  });

  it('writes in .env.example, for a setting with a default, that default, or for a yes/no one its other value', () => {
    const stated = new Map(
      [...EXAMPLE.matchAll(new RegExp(`^# (${NAME})=(.*)$`, 'gm'))].map((match) => [match[1]!, match[2]!]),
    );
    for (const [name, value] of Object.entries(SETTING_DEFAULTS)) {
      const example = stated.get(name) ?? '';
      if (example === value) continue;
      // `# TLS_SELF_SIGNED=1`: how to turn on what is off unless set.
      expect(value === 'on' || value === 'off', `${name}=${example}`).toBe(true);
      expect(yesNo(name, example, value === 'on'), `${name}=${example}`).toBe(value === 'off');
    }
  });

  it('sets nothing in .env.example as it is: every line is a comment or blank', () => {
    for (const line of EXAMPLE.split('\n')) expect(line).toMatch(/^(#.*)?$/);
  });
});
