/**
 * Every setting that has a default, as the environment would write it: what loadConfig reads when the setting is
 * unset or empty. docs/configuration.md and .env.example state these same values (config-docs.test.ts holds them
 * to it); a setting left out has none (unset means none, or what its row says).
 */
export const SETTING_DEFAULTS = {
  EMULATOR: 'on',
  PORT: '8080',
  HOST: '127.0.0.1',
  DATA_DIR: '.data',
  TLS_SELF_SIGNED: 'off',
  RATE_LIMIT: '60',
  SSO_CLAIM: 'email',
  SSO_ALLOW_UNVERIFIED_EMAIL: 'off',
  RELAY_TIMEOUT_MS: '30000',
  EMULATOR_CONTROL: 'off',
  RECORD_MAX_FILES: '1000',
  RECORD_MAX_MB: '256',
  RECORD_SEQUENCES: 'off',
  REPLAY_OVERRIDES: 'off',
  REPLAY_TOO_OLD: 'warn',
  LOG_LEVEL: 'info',
} as const;

type YesNoSetting = {
  [Name in keyof typeof SETTING_DEFAULTS]: (typeof SETTING_DEFAULTS)[Name] extends 'on' | 'off'
    ? Name
    : never;
}[keyof typeof SETTING_DEFAULTS];

/** What a yes/no setting is when unset or blank: its default, `on` or `off`. */
export function yesByDefault(name: YesNoSetting): boolean {
  return SETTING_DEFAULTS[name] === 'on';
}
