import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.ts';
import { loadConfig, type Config } from './config.ts';

const ROOT = '/srv/auth-console';
const TENANT = { RELAY_TENANTS: 'acme=https://acme.teamdynamix.com/TDWebApi' };

const YES = ['1', 'true', 'yes', 'on', 'TRUE', 'Yes', 'ON', ' yes '];
const NO = ['0', 'false', 'no', 'off', 'FALSE', 'No', 'OFF', ' off\t'];
const NEITHER = ['2', 'y', 'n', 'enable', 'disabled', 'truee', 'o n', '-1', 'yes please'];

/**
 * Every yes/no setting: the environment that gives it a value, what it reads as, and how its refusal starts.
 * The others are set so that either answer starts (a tenant to relay to while the emulator is off).
 */
const SETTINGS: [string, (value: string) => NodeJS.ProcessEnv, (config: Config) => boolean][] = [
  ['EMULATOR (--emulator)', (value) => ({ ...TENANT, EMULATOR: value }), (config) => config.emulator],
  [
    'TLS_SELF_SIGNED (--self-signed)',
    (value) => ({ TLS_SELF_SIGNED: value }),
    (config) => config.tls.kind === 'self-signed',
  ],
  [
    'SSO_ALLOW_UNVERIFIED_EMAIL',
    (value) => ({ SSO_ALLOW_UNVERIFIED_EMAIL: value }),
    (config) => config.ssoAllowUnverifiedEmail,
  ],
  ['EMULATOR_CONTROL', (value) => ({ EMULATOR_CONTROL: value }), (config) => config.emulatorControl !== null],
];

function refusal(env: NodeJS.ProcessEnv, argv: string[] = []): string {
  try {
    loadConfig(env, argv, ROOT);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)} ${argv.join(' ')}`);
}

describe('every yes/no setting reads the same words', () => {
  it.each(SETTINGS)('%s', (name, envOf, read) => {
    for (const value of YES) expect(read(loadConfig(envOf(value), [], ROOT)), value).toBe(true);
    for (const value of NO) expect(read(loadConfig(envOf(value), [], ROOT)), value).toBe(false);
    for (const value of NEITHER) {
      expect(refusal(envOf(value)), value).toBe(
        `${name} must be yes or no: 1, true, yes or on; 0, false, no or off, in any letter case (got "${value}").`,
      );
    }
  });

  it('TLS_SELF_SIGNED=yes serves https, as 1 and true always did', () => {
    expect(loadConfig({ TLS_SELF_SIGNED: 'yes' }, [], ROOT).tls).toEqual({ kind: 'self-signed' });
    expect(loadConfig({ TLS_SELF_SIGNED: '' }, [], ROOT).tls).toEqual({ kind: 'none' });
  });

  it('reads the flags with the same words, a bare flag as yes, and lets them win', () => {
    expect(loadConfig({}, ['--self-signed'], ROOT).tls.kind).toBe('self-signed');
    expect(loadConfig({ TLS_SELF_SIGNED: 'yes' }, ['--self-signed=no'], ROOT).tls.kind).toBe('none');
    expect(loadConfig(TENANT, ['--emulator=false'], ROOT).emulator).toBe(false);
    expect(loadConfig({ EMULATOR: 'off' }, ['--emulator'], ROOT).emulator).toBe(true);
    expect(refusal({}, ['--self-signed=sometimes'])).toMatch(
      /^TLS_SELF_SIGNED \(--self-signed\) must be yes or no/,
    );
  });

  it('quotes no value that may hold a URL’s user info, query or fragment', () => {
    expect(refusal({ EMULATOR_CONTROL: 'https://admin:S3CR3T@x' })).not.toContain('S3CR3T');
  });
});
