/**
 * The config room: the server's settings. It owns reading them from the environment, flags and `.env`
 * (env-file.ts), each through its row of the one table (settings.ts: flag, default, parser), checking them
 * together (a bad one stops the start, named), and the files they name: CONNECTIONS_FILE, the data directory, TLS
 * certificates. Nothing else reads `process.env`.
 */
import { resolve } from 'node:path';
import type { HostName } from '../http/host-check.ts';
import { isLoopbackHost } from '../http/loopback.ts';
import type { LogLevel } from '../runtime/log.ts';
import { ConfigError } from './config-error.ts';
import { readConnectionsFile } from './connections-file.ts';
import type { IdpClientConfig, RelayTenant } from './setting-values.ts';
import { settingReader, SETTINGS, SWITCHES, type SettingName } from './settings.ts';
import { quoted, urlSetting } from './url-setting.ts';

export type TlsConfig =
  { kind: 'none' } | { kind: 'files'; certPath: string; keyPath: string } | { kind: 'self-signed' };

/** Where `loginsso` sends browsers to sign in: the provider built into this server, or another one. */
type SsoProviderConfig =
  { kind: 'embedded' } | { kind: 'external'; issuer: string; clientId: string; clientSecret: string };

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  distDir: string;
  tls: TlsConfig;
  /** RATE_LIMIT: calls per 60 s for every rate-limited method, in place of each one's own limit; null: their own. */
  rateLimit: number | null;
  /** Peers whose X-Forwarded-For is believed. */
  trustedProxies: string[];
  /** Realm to seed a new data directory with; the demo realm when unset. */
  realmFile: string | null;
  /** The origin browsers use to reach this server (issuer and redirect URIs); the listening URL when null. */
  publicOrigin: string | null;
  sso: SsoProviderConfig;
  /** The identity claim matched against a user's UserName or PrimaryEmail. */
  ssoClaim: string;
  /**
   * Match the `email` claim even when the provider does not say it verified the address (`email_verified` not
   * true). Unsafe: whoever can set that address at the provider signs in as its user.
   */
  ssoAllowUnverifiedEmail: boolean;
  idpClients: IdpClientConfig[];
  /** Whether this server runs the emulator (its API, `/idp`, the demo realm); off: the console and relay alone. */
  emulator: boolean;
  /** Real tenants the console may reach through `/relay/<name>/`, in the order given. */
  relayTenants: RelayTenant[];
  /** The connection a browser that has not chosen one starts with: a tenant's name; the emulator (or the first tenant) when null. */
  defaultConnection: string | null;
  /** How long the relay waits for an upstream's whole answer, in milliseconds. */
  relayTimeoutMs: number;
  /** Host names answered besides the public origin, the listening address and the loopback names. */
  allowedHosts: HostName[];
  logLevel: LogLevel;
  /** Whether the console (dist/) is served; false (--no-console): the API only, anything else 404. */
  serveConsole: boolean;
  /** The test-control API under `/_emulator/` (EMULATOR_CONTROL=1), or null when off. */
  emulatorControl: EmulatorControlConfig | null;
  /** EMULATOR_JOURNAL_MAX: the calls the control API's request journal keeps, the oldest dropped first. */
  journalMax: number;
  /**
   * EMULATOR_JOURNAL_VALUES: the journal keeps query values and a digest of each body (never a secret-named value
   * or a sign-in's); for synthetic data only.
   */
  journalValues: boolean;
  /** RECORD_DIR (--record): where relayed calls outside the Auth area are recorded with their answers; null: not. */
  recordDir: string | null;
  /** RECORD_REDACT: JSON field names whose values are masked, at any depth, in every recording. */
  recordRedact: string[];
  /** RECORD_MAX_FILES: the most recording files the recording directory may hold. */
  recordMaxFiles: number;
  /** RECORD_MAX_MB, in bytes: the most the recording directory's files may hold together. */
  recordMaxBytes: number;
  /** RECORD_SEQUENCES: a call answered otherwise than its recording says is added to it, in order. */
  recordSequences: boolean;
  /** REPLAY_DIR (--replay): recordings the emulator answers the calls it does not emulate from; null: none. */
  replayDir: string | null;
  /** REPLAY_IGNORE: query parameter and body field names (any depth, any case) replay leaves out of matching. */
  replayIgnore: string[];
  /** REPLAY_OVERRIDES: recordings answer the calls they match of the operations the emulator answers itself. */
  replayOverrides: boolean;
  /** REPLAY_MISSES with REPLAY_TENANT_TOKEN: a call no recording answers is relayed to this tenant and recorded. */
  replayMisses: ReplayMisses | null;
  /** REPLAY_MAX_AGE, in milliseconds: recordings older than this are named at start; null: any age. */
  replayMaxAgeMs: number | null;
  /** REPLAY_TOO_OLD: whether recordings older than REPLAY_MAX_AGE are named (`warn`) or stop the start. */
  replayTooOld: 'warn' | 'refuse';
  /** Settings of the emulator alone that are set while it is off: named (never their values) in a start warning. */
  ignoredSettings: string[];
}

/** Where replay sends a call no recording answers, and the tenant's bearer token it sends it with. */
interface ReplayMisses {
  tenant: string;
  token: string;
}

interface EmulatorControlConfig {
  /** Required as a bearer on every control call when set; null only while the server listens on loopback. */
  token: string | null;
}

type Read = ReturnType<typeof settingReader>;

function ssoProvider(issuer: string, clientId: string, clientSecret: string): SsoProviderConfig {
  if (!issuer) {
    if (clientId || clientSecret)
      throw new ConfigError('SSO_CLIENT_ID and SSO_CLIENT_SECRET need SSO_ISSUER.');
    return { kind: 'embedded' };
  }
  if (!clientId || !clientSecret) {
    throw new ConfigError('SSO_ISSUER needs SSO_CLIENT_ID and SSO_CLIENT_SECRET.');
  }
  // The issuer identifier is compared exactly with the provider's metadata, so keep it as written.
  urlSetting(issuer, 'SSO_ISSUER');
  return { kind: 'external', issuer, clientId, clientSecret };
}

const MIN_CONTROL_TOKEN_LENGTH = 16;

/** What says something sits in front of this server: a proxy, or a name other than the listening address. */
interface FrontSettings {
  trustedProxies: string[];
  publicOrigin: string | null;
  allowedHosts: HostName[];
}

function frontSettingsSet(front: FrontSettings): string[] {
  return [
    ...(front.trustedProxies.length > 0 ? ['TRUST_PROXY'] : []),
    ...(front.publicOrigin !== null ? ['PUBLIC_ORIGIN'] : []),
    ...(front.allowedHosts.length > 0 ? ['ALLOWED_HOSTS'] : []),
  ];
}

const JOURNAL_SETTINGS = ['EMULATOR_JOURNAL_MAX', 'EMULATOR_JOURNAL_VALUES'] as const;

/** The request journal's settings, which need the control API: set without it, they are refused. */
function journalSettings(
  read: Read,
  given: (name: SettingName) => boolean,
  controlOn: boolean,
): { journalMax: number; journalValues: boolean } {
  const stray = JOURNAL_SETTINGS.find((name) => !controlOn && given(name));
  if (stray) {
    throw new ConfigError(`${stray} needs EMULATOR_CONTROL=1: the request journal is the control API's.`);
  }
  return { journalMax: read('EMULATOR_JOURNAL_MAX'), journalValues: read('EMULATOR_JOURNAL_VALUES') };
}

function emulatorControl(
  read: Read,
  emulatorOn: boolean,
  host: string,
  front: FrontSettings,
): EmulatorControlConfig | null {
  const token = read('EMULATOR_CONTROL_TOKEN');
  if (!read('EMULATOR_CONTROL')) {
    if (token !== '') throw new ConfigError('EMULATOR_CONTROL_TOKEN needs EMULATOR_CONTROL=1.');
    return null;
  }
  if (!emulatorOn)
    throw new ConfigError('EMULATOR_CONTROL=1 needs the emulator: it is refused with EMULATOR=off.');
  if (token !== '' && token.length < MIN_CONTROL_TOKEN_LENGTH) {
    throw new ConfigError(
      `EMULATOR_CONTROL_TOKEN must be at least ${MIN_CONTROL_TOKEN_LENGTH} characters long.`,
    );
  }
  // Whoever reaches the control API can move the clock, rotate keys and reset the database.
  if (token === '' && !isLoopbackHost(host)) {
    throw new ConfigError(
      `EMULATOR_CONTROL=1 is refused while the server listens on ${host}: listen on loopback only (HOST=127.0.0.1, ::1 or localhost) or set EMULATOR_CONTROL_TOKEN.`,
    );
  }
  // A proxy in front makes every caller it forwards look local, or is trusted to name them: a token either way.
  const inFront = frontSettingsSet(front);
  if (token === '' && inFront.length > 0) {
    throw new ConfigError(
      `EMULATOR_CONTROL=1 needs EMULATOR_CONTROL_TOKEN when ${inFront.join(', ')} ${inFront.length === 1 ? 'is' : 'are'} set: something sits in front of this server, and every caller it forwards could reach the control API.`,
    );
  }
  return { token: token === '' ? null : token };
}

/** Every flag the server takes, as its refusal of another lists them. */
const FLAGS = [
  ...Object.values(SETTINGS).flatMap((setting) =>
    'flag' in setting
      ? [`--${setting.flag.name}${'value' in setting.flag ? `=${setting.flag.value}` : ''}`]
      : [],
  ),
  ...Object.keys(SWITCHES).map((name) => `--${name}`),
].join(' ');
const KNOWN_FLAGS = new Set(FLAGS.split(' ').map((flag) => flag.replace(/^--|=.*$/g, '')));

function readFlags(argv: string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (const arg of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new ConfigError(`Unknown argument "${arg}". Flags: ${FLAGS}`);
    flags.set(match[1]!, match[2] ?? 'true');
  }
  for (const name of flags.keys()) {
    if (!KNOWN_FLAGS.has(name)) throw new ConfigError(`Unknown flag --${name}. Flags: ${FLAGS}`);
  }
  for (const name of Object.keys(SWITCHES)) {
    const given = flags.get(name);
    if (given !== undefined && given !== 'true') {
      throw new ConfigError(`--${name} takes no value ${quoted(given)}.`);
    }
  }
  return flags;
}

/**
 * Whether the start reads `.env` in its working directory: `npm start` and `npm run serve` do; the packaged bin
 * passes --no-env-file, since the directory it is started in is the integrator's, and so is its `.env`.
 */
export function readsEnvFile(argv: string[]): boolean {
  return !readFlags(argv).has('no-env-file');
}

/**
 * Whether the emulator is on, read as loadConfig reads it but never refusing: what a start that failed should
 * print (plain text, or JSON log lines with the emulator off) is decided before the whole configuration is good.
 */
export function emulatorWanted(env: NodeJS.ProcessEnv, argv: string[]): boolean {
  try {
    return settingReader(env, readFlags(argv))('EMULATOR');
  } catch {
    return true;
  }
}

interface Connections {
  tenants: RelayTenant[];
  defaultConnection: string | null;
}

function connections(fromVariable: RelayTenant[], file: string | null, emulatorOn: boolean): Connections {
  const listed = file
    ? readConnectionsFile(file, {
        emulator: emulatorOn,
        relayTenantNames: fromVariable.map((tenant) => tenant.name),
      })
    : { connections: [], default: null };
  const tenants = [...listed.connections, ...fromVariable];
  if (!emulatorOn && tenants.length === 0) {
    throw new ConfigError(
      'EMULATOR=off leaves nothing to serve: name a tenant to relay to in CONNECTIONS_FILE or RELAY_TENANTS.',
    );
  }
  return { tenants, defaultConnection: listed.default };
}

interface Recordings {
  recordDir: string | null;
  recordRedact: string[];
  recordMaxFiles: number;
  recordMaxBytes: number;
  recordSequences: boolean;
  replayDir: string | null;
  replayIgnore: string[];
  replayOverrides: boolean;
  replayMisses: ReplayMisses | null;
  replayMaxAgeMs: number | null;
  replayTooOld: 'warn' | 'refuse';
}

function replayMisses(
  read: Read,
  replayDir: string | null,
  recordDir: string | null,
  tenants: RelayTenant[],
): ReplayMisses | null {
  const tenant = read('REPLAY_MISSES');
  const token = read('REPLAY_TENANT_TOKEN');
  if (tenant === '') {
    if (token !== '') throw new ConfigError('REPLAY_TENANT_TOKEN needs REPLAY_MISSES.');
    return null;
  }
  if (!replayDir) throw new ConfigError('REPLAY_MISSES needs REPLAY_DIR (--replay): it records there.');
  if (!tenants.some((named) => named.name === tenant)) {
    throw new ConfigError(
      `REPLAY_MISSES must name a relay tenant (RELAY_TENANTS, --tenant, or CONNECTIONS_FILE) ${quoted(tenant)}.`,
    );
  }
  if (!/^\S{8,}$/.test(token)) {
    throw new ConfigError(
      'REPLAY_MISSES needs REPLAY_TENANT_TOKEN: a bearer token of that tenant (8 characters or more, no spaces), which the calls it relays carry.',
    );
  }
  if (recordDir && recordDir !== replayDir) {
    throw new ConfigError(
      'REPLAY_MISSES records into REPLAY_DIR: leave RECORD_DIR unset, or set it to the same directory.',
    );
  }
  return { tenant, token };
}

/** Settings that act only with recording on (RECORD_DIR or REPLAY_MISSES), and only with replay on (REPLAY_DIR). */
const RECORD_ONLY = ['RECORD_MAX_FILES', 'RECORD_MAX_MB', 'RECORD_SEQUENCES'] as const;
const REPLAY_ONLY = ['REPLAY_IGNORE', 'REPLAY_OVERRIDES', 'REPLAY_MAX_AGE', 'REPLAY_TOO_OLD'] as const;

function recordings(
  read: Read,
  given: (name: SettingName) => boolean,
  emulatorOn: boolean,
  tenants: RelayTenant[],
): Recordings {
  const fields = read('RECORD_REDACT');
  const replayDir = read('REPLAY_DIR');
  const recordDir = read('RECORD_DIR');
  if (replayDir && !emulatorOn) {
    throw new ConfigError('REPLAY_DIR (--replay) needs the emulator: it is refused with EMULATOR=off.');
  }
  const misses = replayMisses(read, replayDir, recordDir, tenants);
  if (!recordDir && !misses && fields.length > 0) {
    throw new ConfigError('RECORD_REDACT needs RECORD_DIR (--record) or REPLAY_MISSES.');
  }
  if (recordDir && tenants.length === 0) {
    throw new ConfigError(
      'RECORD_DIR (--record) records what the relay passes on: name a tenant with --tenant, RELAY_TENANTS or CONNECTIONS_FILE.',
    );
  }
  const recording = recordDir !== null || misses !== null;
  const strayRecord = RECORD_ONLY.find((name) => !recording && given(name));
  if (strayRecord) throw new ConfigError(`${strayRecord} needs RECORD_DIR (--record) or REPLAY_MISSES.`);
  const strayReplay = REPLAY_ONLY.find((name) => !replayDir && given(name));
  if (strayReplay) throw new ConfigError(`${strayReplay} needs REPLAY_DIR (--replay).`);
  return {
    recordDir: recordDir ?? (misses ? replayDir : null),
    recordRedact: fields,
    recordMaxFiles: read('RECORD_MAX_FILES'),
    recordMaxBytes: read('RECORD_MAX_MB') * 1024 * 1024,
    recordSequences: read('RECORD_SEQUENCES'),
    replayDir,
    replayIgnore: read('REPLAY_IGNORE'),
    replayOverrides: read('REPLAY_OVERRIDES'),
    replayMisses: misses,
    replayMaxAgeMs: read('REPLAY_MAX_AGE'),
    replayTooOld: read('REPLAY_TOO_OLD'),
  };
}

/**
 * What acts on the emulator alone (its rate limits, realm and single sign-on). DATA_DIR is not among them: a
 * service unit names it whether or not the emulator is on, so that switching it on later needs no other change.
 */
const EMULATOR_ONLY_SETTINGS = (Object.keys(SETTINGS) as SettingName[]).filter(
  (name) => 'emulatorOnly' in SETTINGS[name],
);

/** One typed configuration from the environment and command-line flags (settings.ts reads each); flags win. */
export function loadConfig(env: NodeJS.ProcessEnv, argv: string[], root: string): Config {
  const flags = readFlags(argv);
  const read = settingReader(env, flags);
  const given = (name: SettingName) => (env[name] ?? '') !== '';
  const emulatorOn = read('EMULATOR');

  const certPath = read('TLS_CERT');
  const keyPath = read('TLS_KEY');
  if (Boolean(certPath) !== Boolean(keyPath))
    throw new ConfigError('Set both TLS_CERT and TLS_KEY, or neither.');
  const selfSigned = read('TLS_SELF_SIGNED');
  let tls: TlsConfig = { kind: 'none' };
  if (certPath && keyPath) tls = { kind: 'files', certPath, keyPath };
  else if (selfSigned && !emulatorOn) {
    throw new ConfigError(
      'TLS_SELF_SIGNED (--self-signed) writes its certificate into DATA_DIR, and with EMULATOR=off nothing is written: set TLS_CERT and TLS_KEY, or terminate TLS at the reverse proxy.',
    );
  } else if (selfSigned) tls = { kind: 'self-signed' };
  const relayed = connections(read('RELAY_TENANTS'), read('CONNECTIONS_FILE'), emulatorOn);
  const host = read('HOST');
  const recorded = recordings(read, given, emulatorOn, relayed.tenants);
  const front: FrontSettings = {
    trustedProxies: read('TRUST_PROXY'),
    publicOrigin: read('PUBLIC_ORIGIN'),
    allowedHosts: read('ALLOWED_HOSTS'),
  };

  const control = emulatorControl(read, emulatorOn, host, front);

  return {
    host,
    port: read('PORT'),
    dataDir: resolve(root, read('DATA_DIR')),
    distDir: resolve(root, 'dist'),
    tls,
    rateLimit: read('RATE_LIMIT'),
    trustedProxies: front.trustedProxies,
    realmFile: read('REALM_FILE'),
    publicOrigin: front.publicOrigin,
    sso: ssoProvider(read('SSO_ISSUER'), read('SSO_CLIENT_ID'), read('SSO_CLIENT_SECRET')),
    ssoClaim: read('SSO_CLAIM'),
    ssoAllowUnverifiedEmail: read('SSO_ALLOW_UNVERIFIED_EMAIL'),
    idpClients: read('SSO_IDP_CLIENTS'),
    emulator: emulatorOn,
    relayTenants: relayed.tenants,
    defaultConnection: relayed.defaultConnection,
    relayTimeoutMs: read('RELAY_TIMEOUT_MS'),
    allowedHosts: front.allowedHosts,
    logLevel: read('LOG_LEVEL'),
    serveConsole: !flags.has('no-console'),
    emulatorControl: control,
    ...journalSettings(read, given, control !== null),
    ...recorded,
    ignoredSettings: emulatorOn ? [] : EMULATOR_ONLY_SETTINGS.filter(given),
  };
}
