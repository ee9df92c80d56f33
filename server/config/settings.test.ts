import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { plainText, SETTINGS, SWITCHES, type Setting } from './settings.ts';
import { yesNo } from './yes-no.ts';

const ROOT = '/srv/auth-console';
const text = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const EXAMPLE = text('../../.env.example');
const CONFIGURATION = text('../../docs/configuration.md');

const SETTING_ROWS = Object.entries(SETTINGS) as [string, Setting][];
const NAMES = SETTING_ROWS.map(([name]) => name);
const isYesNo = (setting: Setting) => setting.default === 'on' || setting.default === 'off';

/** Every environment variable loadConfig reads, found by watching it read an empty environment. */
function settingsRead(): string[] {
  const read: string[] = [];
  const env = new Proxy<NodeJS.ProcessEnv>(
    {},
    {
      get(_target, name) {
        if (typeof name === 'string' && !read.includes(name)) read.push(name);
        return undefined;
      },
    },
  );
  loadConfig(env, [], ROOT);
  return read;
}

/** The defaults loadConfig gives an empty environment, written as the environment would write them. */
function defaultsRead(): Record<string, string> {
  const config = loadConfig({}, [], ROOT);
  const onOff = (yes: boolean) => (yes ? 'on' : 'off');
  return {
    EMULATOR: onOff(config.emulator),
    PORT: String(config.port),
    HOST: config.host,
    DATA_DIR: relative(ROOT, config.dataDir),
    TLS_SELF_SIGNED: onOff(config.tls.kind === 'self-signed'),
    SSO_CLAIM: config.ssoClaim,
    SSO_ALLOW_UNVERIFIED_EMAIL: onOff(config.ssoAllowUnverifiedEmail),
    RELAY_TIMEOUT_MS: String(config.relayTimeoutMs),
    EMULATOR_CONTROL: onOff(config.emulatorControl !== null),
    EMULATOR_JOURNAL_MAX: String(config.journalMax),
    EMULATOR_JOURNAL_VALUES: onOff(config.journalValues),
    RECORD_MAX_FILES: String(config.recordMaxFiles),
    RECORD_MAX_MB: String(config.recordMaxBytes / (1024 * 1024)),
    RECORD_SEQUENCES: onOff(config.recordSequences),
    REPLAY_OVERRIDES: onOff(config.replayOverrides),
    REPLAY_TOO_OLD: config.replayTooOld,
    LOG_LEVEL: config.logLevel,
  };
}

/** The rows of the table of docs/configuration.md's "Settings": its variables, flag, default and meaning cells. */
function docsRows() {
  const section = CONFIGURATION.split('\n## ').find((part) => part.startsWith('Settings\n'));
  if (!section) throw new Error('docs/configuration.md has no "## Settings" section');
  // Cells split on bars that are not escaped (`on\|off`).
  const cells = (row: string) => row.split(/(?<!\\)\|/).map((cell) => cell.trim());
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [, variables, flag, fallback, meaning] = cells(line);
      return {
        names: [...variables!.matchAll(/`([A-Z][A-Z0-9_]*)(?:=[^`]*)?`/g)].map((match) => match[1]!),
        flag: flag!,
        default: fallback!,
        meaning: meaning!,
      };
    });
}

/** .env.example as blocks (between blank lines): their words, then the settings they comment, `# NAME=value`. */
function exampleBlocks() {
  return EXAMPLE.split(/\n\s*\n/).map((block) => {
    const lines = block.trim().split('\n');
    const settings = lines.flatMap((line) => {
      const match = /^# ([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
      return match ? [{ name: match[1]!, value: match[2]! }] : [];
    });
    const words = lines
      .filter((line) => !/^# [A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => line.replace(/^#\s?/, ''))
      .join(' ');
    return { words, settings };
  });
}

describe('the one table of settings (settings.ts)', () => {
  it('is what loadConfig reads: every variable of it, and no other', () => {
    expect(settingsRead().sort()).toEqual([...NAMES].sort());
  });

  it('gives loadConfig its defaults', () => {
    const defaults = Object.fromEntries(
      SETTING_ROWS.flatMap(([name, setting]) => (setting.default ? [[name, setting.default]] : [])),
    );
    expect(defaultsRead()).toEqual(defaults);
  });
});

describe('docs/configuration.md, row by row against the table', () => {
  it('lists every setting, in the table’s order, and no other', () => {
    expect(docsRows().flatMap((row) => row.names)).toEqual(NAMES);
  });

  it('gives each its flag, its default (or what unset means) and a meaning that starts with its doc line', () => {
    for (const row of docsRows()) {
      for (const name of row.names) {
        const setting = SETTINGS[name as keyof typeof SETTINGS] as Setting;
        const flag = setting.flag
          ? `\`--${setting.flag.name}${setting.flag.value ? `=${setting.flag.value}` : ''}\``.replace(
              '|',
              '\\|',
            )
          : '';
        expect(row.flag, name).toBe(flag);
        expect(row.default, name).toBe(
          setting.default ? `\`${setting.default}\`` : (setting.unset ?? 'unset'),
        );
        expect(row.meaning.startsWith(setting.doc), `${name}: ${row.meaning}`).toBe(true);
      }
    }
  });

  it('names the flags that are a switch alone', () => {
    for (const name of Object.keys(SWITCHES)) expect(CONFIGURATION).toContain(`\`--${name}\``);
  });
});

describe('.env.example, setting by setting against the table', () => {
  it('sets nothing as it is: every line is a comment or blank', () => {
    for (const line of EXAMPLE.split('\n')) expect(line).toMatch(/^(#.*)?$/);
  });

  it('comments out every setting once, in the table’s order, and no other', () => {
    expect(exampleBlocks().flatMap((block) => block.settings.map((setting) => setting.name))).toEqual(NAMES);
  });

  it('writes each after words that start with its doc line', () => {
    for (const block of exampleBlocks()) {
      for (const { name } of block.settings) {
        const setting = SETTINGS[name as keyof typeof SETTINGS] as Setting;
        expect(block.words.startsWith(plainText(setting.doc)), `${name}: ${block.words}`).toBe(true);
      }
    }
  });

  it('writes a setting with a default as that default, or a yes/no one as its other value', () => {
    for (const { name, value } of exampleBlocks().flatMap((block) => block.settings)) {
      const setting = SETTINGS[name as keyof typeof SETTINGS] as Setting;
      if (!setting.default || value === setting.default) {
        if (setting.default) expect(value, name).toBe(setting.default);
        continue;
      }
      // `# TLS_SELF_SIGNED=1`: how to turn on what is off unless set.
      expect(isYesNo(setting), `${name}=${value}`).toBe(true);
      expect(yesNo(name, value, setting.default === 'on'), `${name}=${value}`).toBe(
        setting.default === 'off',
      );
    }
  });
});
