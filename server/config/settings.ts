/**
 * The server's settings, each held once: its environment variable (the key), its flag, its default, its parser and
 * the line that says what it does. loadConfig reads every setting through this table; docs/configuration.md's
 * table, .env.example and the packaged command's --help are written from it or held to it (settings.test.ts).
 */
import {
  age,
  allowedHosts,
  fieldNames,
  idpClients,
  logLevel,
  optionalPath,
  optionalWholeNumber,
  publicOrigin,
  relayTenants,
  ssoClaim,
  text,
  tooOld,
  trustedProxies,
  wholeNumber,
  yesOrNo,
  type Parser,
} from './setting-values.ts';

export interface Setting {
  /** The server's flag (`--name`, or `--name=VALUE` where `value` names what it takes), which wins over the variable. */
  flag?: { name: string; value?: string };
  /** What unset or blank means, as the environment would write it; none: unset means none (or what `unset` says). */
  default?: string;
  /** How the docs say what a setting without a default is when unset: `unset` unless said. */
  unset?: string;
  parse: Parser<unknown>;
  /**
   * What it does, in one line (Markdown): the start of its row's meaning in docs/configuration.md and, without the
   * Markdown, of its comment in .env.example and of its line in the packaged command's --help.
   */
  doc: string;
  /** It acts on the emulator alone: a start with EMULATOR=off names it, when set, as ignored. */
  emulatorOnly?: true;
}

const TLS_FILES = 'Serve HTTPS with this certificate and key (PEM files)';
const SSO_CLIENT = 'This server’s client at that provider';

/** Every setting, in the order docs/configuration.md and .env.example list them. */
export const SETTINGS = {
  EMULATOR: {
    flag: { name: 'emulator', value: 'on|off' },
    default: 'on',
    parse: yesOrNo('EMULATOR (--emulator)'),
    doc: 'Whether this server runs the Web API emulator',
  },
  PORT: {
    flag: { name: 'port', value: 'N' },
    default: '8080',
    parse: wholeNumber('PORT', 0, 65535),
    doc: 'Port to listen on (`0`: any free port; the start prints the URL)',
  },
  HOST: {
    flag: { name: 'host', value: 'H' },
    default: '127.0.0.1',
    parse: text,
    doc: 'Address to listen on',
  },
  DATA_DIR: {
    flag: { name: 'data-dir', value: 'DIR' },
    default: '.data',
    // Given, from the working directory; the default is the application's own (loadConfig resolves it there).
    parse: (raw, fallback) => optionalPath(raw, fallback) ?? fallback,
    doc: 'Where the database (and a generated certificate) is kept',
  },
  TLS_CERT: { parse: optionalPath, doc: TLS_FILES },
  TLS_KEY: { parse: optionalPath, doc: TLS_FILES },
  TLS_SELF_SIGNED: {
    flag: { name: 'self-signed' },
    default: 'off',
    parse: yesOrNo('TLS_SELF_SIGNED (--self-signed)'),
    doc:
      'Serve HTTPS with a self-signed certificate for `localhost`, made once in `DATA_DIR/tls/` (its path is printed; ' +
      'trust it in the client: `NODE_EXTRA_CA_CERTS` for Node, `REQUESTS_CA_BUNDLE` for Python)',
  },
  RATE_LIMIT: {
    unset: 'unset: each operation’s own limit',
    parse: optionalWholeNumber('RATE_LIMIT', 1, 1_000_000),
    doc:
      'For load tests: calls per 60 s that every rate-limited method allows, in place of each operation’s own limit ' +
      '(the service’s documented one, else the emulator’s 60 per 60 s), each still counted per address, user or ' +
      'organization as its own limit is',
    emulatorOnly: true,
  },
  TRUST_PROXY: { parse: trustedProxies, doc: 'Trusted proxies whose `X-Forwarded-For` is believed' },
  REALM_FILE: {
    unset: 'the demo realm',
    parse: optionalPath,
    doc: 'The realm the data directory holds: organizations, users, admin accounts and single sign-on identities',
    emulatorOnly: true,
  },
  PUBLIC_ORIGIN: {
    unset: 'the listening URL',
    parse: publicOrigin,
    doc: 'The origin browsers reach the server at',
  },
  SSO_ISSUER: {
    unset: 'unset: the embedded provider',
    parse: text,
    doc: 'Issuer URL of an external OpenID Connect provider for `loginsso`',
    emulatorOnly: true,
  },
  SSO_CLIENT_ID: { parse: text, doc: SSO_CLIENT, emulatorOnly: true },
  SSO_CLIENT_SECRET: { parse: text, doc: SSO_CLIENT, emulatorOnly: true },
  SSO_CLAIM: {
    default: 'email',
    parse: ssoClaim,
    doc: 'The identity’s claim matched against a user’s `UserName` or `PrimaryEmail`',
    emulatorOnly: true,
  },
  SSO_ALLOW_UNVERIFIED_EMAIL: {
    default: 'off',
    parse: yesOrNo('SSO_ALLOW_UNVERIFIED_EMAIL'),
    doc: '**Unsafe.** Match the `email` claim even when the provider does not say `email_verified: true`',
    emulatorOnly: true,
  },
  SSO_IDP_CLIENTS: {
    parse: idpClients,
    doc: 'Extra clients of the embedded provider, as JSON',
    emulatorOnly: true,
  },
  RELAY_TENANTS: {
    flag: { name: 'tenant', value: 'NAME=BASE' },
    unset: 'unset: none',
    parse: relayTenants,
    doc: 'Real tenants for the [relay](relay.md), comma-separated `name=base`',
  },
  CONNECTIONS_FILE: {
    parse: optionalPath,
    doc: 'A JSON file of the connections the console offers, read at start',
  },
  RELAY_TIMEOUT_MS: {
    default: '30000',
    parse: wholeNumber('RELAY_TIMEOUT_MS', 1, 600_000),
    doc: 'How long the relay waits for a tenant’s whole answer',
  },
  ALLOWED_HOSTS: {
    parse: allowedHosts,
    doc: 'Extra host names (or addresses) that requests may name in `Host`',
  },
  EMULATOR_CONTROL: {
    default: 'off',
    parse: yesOrNo('EMULATOR_CONTROL'),
    doc:
      'Test control under `/_emulator/` (clock, token expiry, scripted faults, request journal, reset, user ' +
      'activation, admin key rotation)',
  },
  EMULATOR_CONTROL_TOKEN: {
    parse: text,
    doc: 'Bearer token every control call must carry (16 characters or more)',
  },
  EMULATOR_JOURNAL_MAX: {
    default: '1000',
    // At most some 10 KB an entry (paths, names and, with EMULATOR_JOURNAL_VALUES, values are capped): 100 MB.
    parse: wholeNumber('EMULATOR_JOURNAL_MAX', 1, 10_000),
    doc: 'How many calls the test-control request journal keeps (1–10000), the oldest dropped first',
  },
  EMULATOR_JOURNAL_VALUES: {
    default: 'off',
    parse: yesOrNo('EMULATOR_JOURNAL_VALUES'),
    doc:
      'For synthetic data only: the request journal also keeps each call’s query values and a digest of its ' +
      'body, never a secret-named value nor anything of the Auth area',
  },
  RECORD_DIR: {
    flag: { name: 'record', value: 'DIR' },
    parse: optionalPath,
    doc:
      'Record the sandbox: every relayed call outside the Auth area made with a bearer token the tenant took is ' +
      'written with its answer to this directory',
  },
  RECORD_REDACT: {
    parse: fieldNames('RECORD_REDACT', 'JSON field names', 'PrimaryEmail,FullName'),
    doc: 'JSON (and form) field names masked at any depth in every recording, comma-separated',
  },
  RECORD_MAX_FILES: {
    default: '1000',
    parse: wholeNumber('RECORD_MAX_FILES', 1, 1_000_000),
    doc: 'The most files the recording directory may hold',
  },
  RECORD_MAX_MB: {
    default: '256',
    parse: wholeNumber('RECORD_MAX_MB', 1, 1_000_000),
    doc: 'The most megabytes the recording directory’s files may hold together',
  },
  RECORD_SEQUENCES: {
    default: 'off',
    parse: yesOrNo('RECORD_SEQUENCES'),
    doc: 'Keep each new answer of a call recorded again, as a sequence replayed in order',
  },
  REPLAY_DIR: {
    flag: { name: 'replay', value: 'DIR' },
    parse: optionalPath,
    doc: 'Answer the bearer-authenticated calls the emulator does not emulate from the recordings in this directory',
  },
  REPLAY_IGNORE: {
    parse: fieldNames(
      'REPLAY_IGNORE',
      'query parameter and body field names',
      'CreatedDateFrom,CreatedDateTo',
    ),
    doc: 'Query parameter and body field names (any depth, any letter case) replay leaves out when it matches a call',
  },
  REPLAY_OVERRIDES: {
    default: 'off',
    parse: yesOrNo('REPLAY_OVERRIDES'),
    doc: 'Recordings of operations the emulator answers itself answer the calls they match, before the emulator',
  },
  REPLAY_MAX_AGE: {
    parse: age,
    doc: 'An age in days or hours (`30d`, `12h`): the start names the recordings older than it',
  },
  REPLAY_TOO_OLD: {
    default: 'warn',
    parse: tooOld,
    doc: '`warn` (the start names recordings older than `REPLAY_MAX_AGE`) or `refuse` (they stop the start, named)',
  },
  REPLAY_MISSES: {
    unset: 'unset: strict replay',
    parse: text,
    doc:
      'While a suite is being written: a relay tenant’s name; a call no recording answers goes to that tenant, is ' +
      'recorded into `REPLAY_DIR` and is replayed from then on',
  },
  REPLAY_TENANT_TOKEN: {
    parse: text,
    doc: 'The bearer token the relayed misses carry: a token of the `REPLAY_MISSES` tenant, as its sign-in answered it',
  },
  LOG_LEVEL: {
    default: 'info',
    parse: logLevel,
    doc: 'The request log’s level: `fatal`, `error`, `warn`, `info` (one line per request; the console’s own files aside), `debug` (those too), `trace` or `silent`',
  },
} as const satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;

/** Flags that are a switch alone, with no setting of the environment behind them. */
export const SWITCHES = {
  'no-console': { doc: 'Serve the API only: the console’s pages answer 404' },
  'no-env-file': { doc: 'Read no `.env`, whatever the working directory holds' },
} as const;

/** What a setting reads as, with its default: the type its parser gives. */
type SettingValue<N extends SettingName> = ReturnType<(typeof SETTINGS)[N]['parse']>;

/**
 * The reader of every setting: its flag's value (the flags of the command line, by name) when given, else its
 * variable, through its parser with its default.
 */
export function settingReader(env: NodeJS.ProcessEnv, flags: ReadonlyMap<string, string>) {
  return <N extends SettingName>(name: N): SettingValue<N> => {
    const setting: Setting = SETTINGS[name];
    const raw = (setting.flag ? flags.get(setting.flag.name) : undefined) ?? env[name];
    return setting.parse(raw, setting.default ?? '') as SettingValue<N>;
  };
}

/** A doc line without its Markdown: for .env.example and the packaged command's --help. */
export function plainText(doc: string): string {
  return doc.replace(/\*\*|`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
}
