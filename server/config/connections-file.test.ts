import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.ts';
import { loadConfig } from './config.ts';

const ROOT = '/srv/auth-console';
const dir = mkdtempSync(join(tmpdir(), 'connections-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function fileWith(text: string): string {
  const path = join(dir, `connections-${++files}.json`);
  writeFileSync(path, text);
  return path;
}

const ACME = { name: 'acme', label: 'Acme University', base: 'https://acme.teamdynamix.com/TDWebApi' };
const ACME_SB = {
  name: 'acme-sb',
  label: 'Acme University (sandbox)',
  base: 'https://acme.teamdynamix.com/SBTDWebApi',
};

function load(file: unknown, env: NodeJS.ProcessEnv = {}) {
  const text = typeof file === 'string' ? file : JSON.stringify(file);
  return loadConfig({ CONNECTIONS_FILE: fileWith(text), ...env }, [], ROOT);
}

function refusal(file: unknown, env: NodeJS.ProcessEnv = {}): string {
  try {
    load(file, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    return message;
  }
  throw new Error('loadConfig accepted it');
}

describe('CONNECTIONS_FILE', () => {
  it('relays each entry as a RELAY_TENANTS entry, with its label and organization, and takes the default', () => {
    const config = load({
      default: 'acme-sb',
      connections: [{ ...ACME, organization: 'acme', base: `${ACME.base}/` }, ACME_SB],
    });
    expect(config.relayTenants).toEqual([
      {
        name: 'acme',
        label: 'Acme University',
        upstream: 'https://acme.teamdynamix.com/TDWebApi',
        organization: 'acme',
      },
      {
        name: 'acme-sb',
        label: 'Acme University (sandbox)',
        upstream: 'https://acme.teamdynamix.com/SBTDWebApi',
      },
    ]);
    expect(config.defaultConnection).toBe('acme-sb');
    expect(config.emulator).toBe(true);
  });

  it('keeps RELAY_TENANTS working beside it (after the file’s entries, labelled by name)', () => {
    const config = load(
      { default: 'other', connections: [ACME] },
      { RELAY_TENANTS: 'other=https://other.example/TDWebApi' },
    );
    expect(config.relayTenants.map((tenant) => [tenant.name, tenant.label])).toEqual([
      ['acme', 'Acme University'],
      ['other', undefined],
    ]);
    expect(config.defaultConnection).toBe('other');
  });

  it('needs no default, and may name the emulator while it is on', () => {
    expect(load({ connections: [ACME] }).defaultConnection).toBeNull();
    expect(load({ default: 'emulator', connections: [ACME] }).defaultConnection).toBe('emulator');
  });

  it('is all an emulator-off server needs', () => {
    const config = load({ default: 'acme', connections: [ACME] }, { EMULATOR: 'off' });
    expect(config.emulator).toBe(false);
    expect(config.relayTenants.map((tenant) => tenant.name)).toEqual(['acme']);
  });

  it('resolves a relative path against the working directory', () => {
    expect(() => loadConfig({ CONNECTIONS_FILE: 'no-such-connections.json' }, [], ROOT)).toThrow(
      new RegExp(`cannot be read: ${process.cwd()}/no-such-connections\\.json \\(ENOENT\\)`),
    );
  });

  it.each<[string, unknown, RegExp, NodeJS.ProcessEnv?]>([
    ['not JSON', '{"connections": [', /^CONNECTIONS_FILE \S+ is not valid JSON/],
    ['empty', '', /is not valid JSON/],
    ['an array', [ACME], /^CONNECTIONS_FILE must hold one JSON object/],
    ['null', 'null', /must hold one JSON object/],
    ['no connections', { default: 'acme' }, /^CONNECTIONS_FILE: "connections" must be an array/],
    ['connections an object', { connections: { acme: ACME } }, /"connections" must be an array/],
    ['an unknown top-level key', { connections: [ACME], defualt: 'acme' }, /unknown key "defualt"/],
    [
      'a repeated top-level key',
      '{"default":"acme","default":"x","connections":[]}',
      /^CONNECTIONS_FILE: the key "default" appears more than once/,
    ],
    [
      'a repeated entry key',
      `{"connections":[${JSON.stringify(ACME)},{"name":"b","label":"B","label":"C","base":"https://b.example/TDWebApi"}]}`,
      /^CONNECTIONS_FILE connections\[1\] \("b"\): the key "label" appears more than once/,
    ],
    [
      'an entry that is no object',
      { connections: [ACME, 'acme-sb'] },
      /^CONNECTIONS_FILE connections\[1\] must be an object/,
    ],
    [
      'an entry without a name',
      { connections: [{ label: 'A', base: ACME.base }] },
      /^CONNECTIONS_FILE connections\[0\]: "name" must be a string/,
    ],
    [
      'a name of the wrong type',
      { connections: [{ ...ACME, name: 7 }] },
      /connections\[0\]: "name" must be a string/,
    ],
    [
      'a bad name',
      { connections: [ACME, { ...ACME_SB, name: 'Acme SB' }] },
      /^CONNECTIONS_FILE connections\[1\]: "name" must be 1 to 63 lower-case letters/,
    ],
    [
      'the name emulator',
      { connections: [{ ...ACME, name: 'emulator' }] },
      /connections\[0\]: "name" must not be "emulator"/,
    ],
    [
      'a name twice',
      { connections: [ACME, { ...ACME_SB, name: 'acme' }] },
      /^CONNECTIONS_FILE connections\[1\] \("acme"\): another connection already has this name/,
    ],
    [
      'a name RELAY_TENANTS has',
      { connections: [ACME] },
      /^CONNECTIONS_FILE connections\[0\] \("acme"\): RELAY_TENANTS names this tenant too/,
      { RELAY_TENANTS: 'acme=https://x.example/TDWebApi' },
    ],
    [
      'an unknown entry key',
      { connections: [{ ...ACME, lable: 'x' }] },
      /^CONNECTIONS_FILE connections\[0\] \("acme"\): unknown key "lable"/,
    ],
    [
      'no label',
      { connections: [{ name: 'acme', base: ACME.base }] },
      /connections\[0\] \("acme"\): "label" must be a string/,
    ],
    ['an empty label', { connections: [{ ...ACME, label: '' }] }, /\("acme"\): "label" must not be empty/],
    ['a blank label', { connections: [{ ...ACME, label: '   ' }] }, /"label" must not be empty/],
    [
      'a long label',
      { connections: [{ ...ACME, label: 'A'.repeat(101) }] },
      /"label" must be at most 100 characters/,
    ],
    [
      'a label with a newline',
      { connections: [{ ...ACME, label: 'Acme\nUniversity' }] },
      /"label" must not contain control or formatting characters/,
    ],
    [
      'a label with a bidi override',
      { connections: [{ ...ACME, label: 'Acme \u202eytisrevinU' }] },
      /"label" must not contain control/,
    ],
    [
      'a label of the wrong type',
      { connections: [{ ...ACME, label: ['Acme'] }] },
      /"label" must be a string/,
    ],
    ['no base', { connections: [{ name: 'acme', label: 'A' }] }, /\("acme"\): "base" must be a string/],
    [
      'a plain http base',
      { connections: [{ ...ACME, base: 'http://acme.teamdynamix.com/TDWebApi' }] },
      /^CONNECTIONS_FILE connections\[0\] \("acme"\): "base" must use https/,
    ],
    [
      'a base with a password',
      { connections: [{ ...ACME, base: 'https://u:hunter2@acme.example/TDWebApi' }] },
      /"base" must not contain a user name or password/,
    ],
    [
      'a base with a query',
      { connections: [{ ...ACME, base: `${ACME.base}?x=1` }] },
      /"base" must not have a query/,
    ],
    [
      'a relative base',
      { connections: [{ ...ACME, base: '/TDWebApi' }] },
      /"base" must be an absolute https URL/,
    ],
    [
      'an empty organization',
      { connections: [{ ...ACME, organization: '' }] },
      /"organization" must not be empty/,
    ],
    [
      'an organization of the wrong type',
      { connections: [{ ...ACME, organization: 1 }] },
      /"organization" must be a string/,
    ],
    [
      'a default of the wrong type',
      { default: 1, connections: [ACME] },
      /^CONNECTIONS_FILE: "default" must be a string/,
    ],
    [
      'a default naming no entry',
      { default: 'acme-sb', connections: [ACME] },
      /^CONNECTIONS_FILE: "default" names "acme-sb", which is no connection \("acme"\)/,
    ],
    [
      'a default of emulator with the emulator off',
      { default: 'emulator', connections: [ACME] },
      /"default" names "emulator", but the emulator is off/,
      { EMULATOR: 'off' },
    ],
  ])('refuses %s, in one line naming the place and the problem', (_name, file, message, env) => {
    expect(refusal(file, env)).toMatch(message);
  });

  it('never repeats a refused base’s password', () => {
    expect(
      refusal({ connections: [{ ...ACME, base: 'https://u:hunter2@acme.example/TDWebApi' }] }),
    ).not.toContain('hunter2');
  });
});
