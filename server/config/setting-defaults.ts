/**
 * Every setting that has a default, as the environment would write it: what loadConfig reads when the setting is
 * unset or empty. docs/configuration.md and .env.example state these same values (config-docs.test.ts holds them
 * to it); a setting left out has none (unset means off, none, or what its row says).
 */
export const SETTING_DEFAULTS = {
  EMULATOR: 'on',
  PORT: '8080',
  HOST: '127.0.0.1',
  DATA_DIR: '.data',
  RATE_LIMIT: '60',
  SSO_CLAIM: 'email',
  RELAY_TIMEOUT_MS: '30000',
  LOG_LEVEL: 'info',
} as const;
