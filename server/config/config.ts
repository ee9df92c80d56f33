/**
 * The config room: the server's settings. It owns reading them from the environment, flags and `.env`
 * (env-file.ts), checking them (a bad one stops the start, named), their defaults (setting-defaults.ts), and the
 * files they name: CONNECTIONS_FILE, the data directory, TLS certificates. Nothing else reads `process.env`.
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { ConfigError } from './config-error.ts';
import { readConnectionsFile } from './connections-file.ts';
import { trustProxy } from '../http/caller.ts';
import { parseHost, type HostName } from '../http/host-check.ts';
import { isLoopbackHost } from '../http/loopback.ts';
import { LOG_LEVELS, type LogLevel } from '../runtime/log.ts';
import { relayBase, relayName } from './relay-tenant-rules.ts';
import { SETTING_DEFAULTS, yesByDefault } from './setting-defaults.ts';
import { quoted, urlSetting } from './url-setting.ts';
import { yesNo } from './yes-no.ts';

export type TlsConfig =
  { kind: 'none' } | { kind: 'files'; certPath: string; keyPath: string } | { kind: 'self-signed' };

/** Where `loginsso` sends browsers to sign in: the provider built into this server, or another one. */
type SsoProviderConfig =
  { kind: 'embedded' } | { kind: 'external'; issuer: string; clientId: string; clientSecret: string };

/** A client that the embedded provider accepts besides this server itself (say, another emulator). */
export interface IdpClientConfig {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Where it may have the browser sent back after signing out at the embedded provider. */
  postLogoutRedirectUris: string[];
}

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  distDir: string;
  tls: TlsConfig;
  /** Calls per caller address per 60 s for each rate-limited method (the real service: 60). */
  rateLimit: number;
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

/** A named upstream Web API base for the same-origin relay. */
export interface RelayTenant {
  /** Lower-case letters, digits and hyphens: the `<name>` of `/relay/<name>/`. */
  name: string;
  /** Absolute URL of the upstream base, without a trailing slash, e.g. https://acme.teamdynamix.com/TDWebApi. */
  upstream: string;
  /** What people read in the console; the name when unset. */
  label?: string;
  /** Connections of one organization share an admin key; the upstream's host when unset. */
  organization?: string;
}

function integer(name: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} ${quoted(raw)}.`);
  }
  return Number(raw);
}

function publicOrigin(raw: string | undefined): string | null {
  if (!raw) return null;
  return urlSetting(raw, 'PUBLIC_ORIGIN', { originOnly: true }).origin;
}

function ssoProvider(env: NodeJS.ProcessEnv): SsoProviderConfig {
  const { SSO_ISSUER: issuer, SSO_CLIENT_ID: clientId, SSO_CLIENT_SECRET: clientSecret } = env;
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

function ssoClaim(raw: string | undefined): string {
  const claim = raw || SETTING_DEFAULTS.SSO_CLAIM;
  if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(claim)) {
    throw new ConfigError(
      `SSO_CLAIM must be a claim name such as email or preferred_username ${quoted(claim)}.`,
    );
  }
  return claim;
}

function idpClients(raw: string | undefined): IdpClientConfig[] {
  if (!raw) return [];
  const problem = new ConfigError(
    'SSO_IDP_CLIENTS must be a JSON array of {"client_id", "client_secret", "redirect_uris": [...]} objects.',
  );
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw problem;
  }
  if (!Array.isArray(parsed)) throw problem;
  return parsed.map((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) throw problem;
    const { client_id: id, client_secret: secret, redirect_uris: uris } = entry as Record<string, unknown>;
    if (typeof id !== 'string' || id === '' || typeof secret !== 'string' || secret.length < 8) {
      throw new ConfigError(
        'Each SSO_IDP_CLIENTS entry needs a client_id and a client_secret of 8 characters or more.',
      );
    }
    if (!Array.isArray(uris) || uris.length === 0 || !uris.every((uri) => typeof uri === 'string')) {
      throw new ConfigError(`SSO_IDP_CLIENTS entry "${id}" needs redirect_uris, a non-empty array of URLs.`);
    }
    for (const uri of uris) urlSetting(uri, `A redirect URI of SSO_IDP_CLIENTS entry "${id}"`);
    const postLogout = (entry as Record<string, unknown>).post_logout_redirect_uris ?? [];
    if (!Array.isArray(postLogout) || !postLogout.every((uri) => typeof uri === 'string')) {
      throw new ConfigError(
        `SSO_IDP_CLIENTS entry "${id}": post_logout_redirect_uris must be an array of URLs.`,
      );
    }
    for (const uri of postLogout) {
      urlSetting(uri, `A post-logout redirect URI of SSO_IDP_CLIENTS entry "${id}"`);
    }
    return { clientId: id, clientSecret: secret, redirectUris: uris, postLogoutRedirectUris: postLogout };
  });
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  // proxy-addr alone would take shorthands such as "1" for 0.0.0.1: an address must be written out in full.
  const [address = '', ...range] = entry.split('/');
  if (isIP(address) === 0 || range.length > 1) return false;
  try {
    trustProxy([entry]);
    return true;
  } catch {
    return false;
  }
}

function trustedProxies(raw: string | undefined): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const malformed = entries.find((entry) => !isProxyEntry(entry));
  if (malformed !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY entries must be an IP address, a CIDR range such as 10.0.0.0/8 or one of loopback, linklocal, uniquelocal ${quoted(malformed)}.`,
    );
  }
  return entries;
}

function relayTenants(raw: string | undefined): RelayTenant[] {
  const tenants: RelayTenant[] = [];
  for (const entry of (raw ?? '').split(',')) {
    const trimmed = entry.trim();
    if (trimmed === '') continue;
    const eq = trimmed.indexOf('=');
    if (eq < 0) {
      throw new ConfigError(
        `RELAY_TENANTS entries must be name=https-url, e.g. acme=https://acme.teamdynamix.com/TDWebApi ${quoted(trimmed)}.`,
      );
    }
    const name = relayName(trimmed.slice(0, eq).trim(), 'RELAY_TENANTS names');
    if (tenants.some((tenant) => tenant.name === name)) {
      throw new ConfigError(`RELAY_TENANTS names the tenant "${name}" more than once.`);
    }
    tenants.push({
      name,
      upstream: relayBase(trimmed.slice(eq + 1).trim(), `The RELAY_TENANTS base of "${name}"`),
    });
  }
  return tenants;
}

function allowedHosts(raw: string | undefined): HostName[] {
  return (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const host = parseHost(entry);
      if (!host) {
        throw new ConfigError(
          `ALLOWED_HOSTS entries must be a host name or address with an optional port, such as console.example.edu or 10.0.0.5:8080 ${quoted(entry)}.`,
        );
      }
      return host;
    });
}

function logLevel(raw: string | undefined): LogLevel {
  const level = raw || SETTING_DEFAULTS.LOG_LEVEL;
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} ${quoted(level)}.`);
  }
  return level as LogLevel;
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

function emulatorControl(
  env: NodeJS.ProcessEnv,
  emulatorOn: boolean,
  host: string,
  front: FrontSettings,
): EmulatorControlConfig | null {
  const token = env.EMULATOR_CONTROL_TOKEN ?? '';
  if (!yesNo('EMULATOR_CONTROL', env.EMULATOR_CONTROL, yesByDefault('EMULATOR_CONTROL'))) {
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

const FLAGS =
  '--port=N --host=H --data-dir=D --self-signed --emulator=on|off --tenant=NAME=BASE --record=DIR --replay=DIR --no-console --no-env-file';
/** Flags that are a switch alone. */
const BARE_FLAGS = ['no-console', 'no-env-file'];

function readFlags(argv: string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (const arg of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new ConfigError(`Unknown argument "${arg}". Flags: ${FLAGS}`);
    flags.set(match[1]!, match[2] ?? 'true');
  }
  const known = new Set([
    'port',
    'host',
    'data-dir',
    'self-signed',
    'emulator',
    'tenant',
    'record',
    'replay',
    ...BARE_FLAGS,
  ]);
  for (const name of flags.keys()) {
    if (!known.has(name)) throw new ConfigError(`Unknown flag --${name}. Flags: ${FLAGS}`);
  }
  for (const name of BARE_FLAGS) {
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

function emulator(raw: string | undefined): boolean {
  return yesNo('EMULATOR (--emulator)', raw, yesByDefault('EMULATOR'));
}

/**
 * Whether the emulator is on, read as loadConfig reads it but never refusing: what a start that failed should
 * print (plain text, or JSON log lines with the emulator off) is decided before the whole configuration is good.
 */
export function emulatorWanted(env: NodeJS.ProcessEnv, argv: string[]): boolean {
  try {
    return emulator(readFlags(argv).get('emulator') ?? env.EMULATOR);
  } catch {
    return true;
  }
}

interface Connections {
  tenants: RelayTenant[];
  defaultConnection: string | null;
}

function connections(
  env: NodeJS.ProcessEnv,
  relayTenantsSetting: string | undefined,
  emulatorOn: boolean,
): Connections {
  const fromVariable = relayTenants(relayTenantsSetting);
  const file = env.CONNECTIONS_FILE
    ? readConnectionsFile(resolve(env.CONNECTIONS_FILE), {
        emulator: emulatorOn,
        relayTenantNames: fromVariable.map((tenant) => tenant.name),
      })
    : { connections: [], default: null };
  const tenants = [...file.connections, ...fromVariable];
  if (!emulatorOn && tenants.length === 0) {
    throw new ConfigError(
      'EMULATOR=off leaves nothing to serve: name a tenant to relay to in CONNECTIONS_FILE or RELAY_TENANTS.',
    );
  }
  return { tenants, defaultConnection: file.default };
}

const FIELD_NAME = /^[A-Za-z0-9_.-]{1,100}$/;

/** A comma-separated list of field names; `what` and `example` (two of them) say what the refusal wants. */
function fieldNames(name: string, raw: string | undefined, what: string, example: string): string[] {
  const fields = (raw ?? '')
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  const malformed = fields.find((field) => !FIELD_NAME.test(field));
  if (malformed !== undefined) {
    throw new ConfigError(`${name} must list ${what}, such as ${example} ${quoted(malformed)}.`);
  }
  return fields;
}

const AGE_UNITS: Record<string, number> = { h: 3_600_000, d: 86_400_000 };

function age(raw: string | undefined): number | null {
  if (!raw) return null;
  const match = /^(\d{1,5})(h|d)$/.exec(raw.trim());
  if (!match || Number(match[1]) === 0) {
    throw new ConfigError(
      `REPLAY_MAX_AGE must be a number of days or hours, such as 30d or 12h ${quoted(raw)}.`,
    );
  }
  return Number(match[1]) * AGE_UNITS[match[2]!]!;
}

function tooOld(raw: string | undefined): 'warn' | 'refuse' {
  const mode = raw || SETTING_DEFAULTS.REPLAY_TOO_OLD;
  if (mode !== 'warn' && mode !== 'refuse') {
    throw new ConfigError(`REPLAY_TOO_OLD must be warn or refuse ${quoted(mode)}.`);
  }
  return mode;
}

interface RecordingSettings {
  recordDir: string | undefined;
  replayDir: string | undefined;
  emulatorOn: boolean;
  tenants: RelayTenant[];
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
  env: NodeJS.ProcessEnv,
  replayDir: string | null,
  recordDir: string | null,
  tenants: RelayTenant[],
): ReplayMisses | null {
  const tenant = env.REPLAY_MISSES ?? '';
  const token = env.REPLAY_TENANT_TOKEN ?? '';
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

function recordings(env: NodeJS.ProcessEnv, settings: RecordingSettings): Recordings {
  const { emulatorOn, tenants } = settings;
  const fields = fieldNames('RECORD_REDACT', env.RECORD_REDACT, 'JSON field names', 'PrimaryEmail,FullName');
  const replayDir = settings.replayDir ? resolve(settings.replayDir) : null;
  const recordDir = settings.recordDir ? resolve(settings.recordDir) : null;
  if (replayDir && !emulatorOn) {
    throw new ConfigError('REPLAY_DIR (--replay) needs the emulator: it is refused with EMULATOR=off.');
  }
  const misses = replayMisses(env, replayDir, recordDir, tenants);
  if (!recordDir && !misses && fields.length > 0) {
    throw new ConfigError('RECORD_REDACT needs RECORD_DIR (--record) or REPLAY_MISSES.');
  }
  if (recordDir && tenants.length === 0) {
    throw new ConfigError(
      'RECORD_DIR (--record) records what the relay passes on: name a tenant with --tenant, RELAY_TENANTS or CONNECTIONS_FILE.',
    );
  }
  const recording = recordDir !== null || misses !== null;
  const recordOnly = ['RECORD_MAX_FILES', 'RECORD_MAX_MB', 'RECORD_SEQUENCES'] as const;
  const strayRecord = recordOnly.find((name) => !recording && (env[name] ?? '') !== '');
  if (strayRecord) throw new ConfigError(`${strayRecord} needs RECORD_DIR (--record) or REPLAY_MISSES.`);
  const replayOnly = ['REPLAY_IGNORE', 'REPLAY_OVERRIDES', 'REPLAY_MAX_AGE', 'REPLAY_TOO_OLD'] as const;
  const strayReplay = replayOnly.find((name) => !replayDir && (env[name] ?? '') !== '');
  if (strayReplay) throw new ConfigError(`${strayReplay} needs REPLAY_DIR (--replay).`);
  return {
    recordDir: recordDir ?? (misses ? replayDir : null),
    recordRedact: fields,
    recordMaxFiles: integer(
      'RECORD_MAX_FILES',
      env.RECORD_MAX_FILES || SETTING_DEFAULTS.RECORD_MAX_FILES,
      1,
      1_000_000,
    ),
    recordMaxBytes:
      integer('RECORD_MAX_MB', env.RECORD_MAX_MB || SETTING_DEFAULTS.RECORD_MAX_MB, 1, 1_000_000) *
      1024 *
      1024,
    recordSequences: yesNo('RECORD_SEQUENCES', env.RECORD_SEQUENCES, yesByDefault('RECORD_SEQUENCES')),
    replayDir,
    replayIgnore: fieldNames(
      'REPLAY_IGNORE',
      env.REPLAY_IGNORE,
      'query parameter and body field names',
      'CreatedDateFrom,CreatedDateTo',
    ),
    replayOverrides: yesNo('REPLAY_OVERRIDES', env.REPLAY_OVERRIDES, yesByDefault('REPLAY_OVERRIDES')),
    replayMisses: misses,
    replayMaxAgeMs: age(env.REPLAY_MAX_AGE),
    replayTooOld: tooOld(env.REPLAY_TOO_OLD),
  };
}

/**
 * What acts on the emulator alone (its rate limits, realm and single sign-on). DATA_DIR is not among them: a
 * service unit names it whether or not the emulator is on, so that switching it on later needs no other change.
 */
const EMULATOR_ONLY_SETTINGS = [
  'RATE_LIMIT',
  'REALM_FILE',
  'SSO_ISSUER',
  'SSO_CLIENT_ID',
  'SSO_CLIENT_SECRET',
  'SSO_CLAIM',
  'SSO_ALLOW_UNVERIFIED_EMAIL',
  'SSO_IDP_CLIENTS',
] as const;

/** One typed configuration from the environment and command-line flags; flags win. */
export function loadConfig(env: NodeJS.ProcessEnv, argv: string[], root: string): Config {
  const flags = readFlags(argv);
  const value = (flag: string, variable: string) => flags.get(flag) ?? env[variable];
  const emulatorOn = emulator(value('emulator', 'EMULATOR'));

  const certPath = env.TLS_CERT;
  const keyPath = env.TLS_KEY;
  if (Boolean(certPath) !== Boolean(keyPath))
    throw new ConfigError('Set both TLS_CERT and TLS_KEY, or neither.');
  const selfSigned = yesNo(
    'TLS_SELF_SIGNED (--self-signed)',
    value('self-signed', 'TLS_SELF_SIGNED'),
    yesByDefault('TLS_SELF_SIGNED'),
  );
  let tls: TlsConfig = { kind: 'none' };
  if (certPath && keyPath) tls = { kind: 'files', certPath: resolve(certPath), keyPath: resolve(keyPath) };
  else if (selfSigned && !emulatorOn) {
    throw new ConfigError(
      'TLS_SELF_SIGNED (--self-signed) writes its certificate into DATA_DIR, and with EMULATOR=off nothing is written: set TLS_CERT and TLS_KEY, or terminate TLS at the reverse proxy.',
    );
  } else if (selfSigned) tls = { kind: 'self-signed' };
  const relayed = connections(env, value('tenant', 'RELAY_TENANTS'), emulatorOn);
  const host = value('host', 'HOST') || SETTING_DEFAULTS.HOST;
  const recorded = recordings(env, {
    recordDir: value('record', 'RECORD_DIR'),
    replayDir: value('replay', 'REPLAY_DIR'),
    emulatorOn,
    tenants: relayed.tenants,
  });
  const front: FrontSettings = {
    trustedProxies: trustedProxies(env.TRUST_PROXY),
    publicOrigin: publicOrigin(env.PUBLIC_ORIGIN),
    allowedHosts: allowedHosts(env.ALLOWED_HOSTS),
  };

  return {
    host,
    port: integer('PORT', value('port', 'PORT') || SETTING_DEFAULTS.PORT, 0, 65535),
    dataDir: value('data-dir', 'DATA_DIR')
      ? resolve(value('data-dir', 'DATA_DIR')!)
      : resolve(root, SETTING_DEFAULTS.DATA_DIR),
    distDir: resolve(root, 'dist'),
    tls,
    rateLimit: integer('RATE_LIMIT', env.RATE_LIMIT || SETTING_DEFAULTS.RATE_LIMIT, 1, 1_000_000),
    trustedProxies: front.trustedProxies,
    realmFile: env.REALM_FILE ? resolve(env.REALM_FILE) : null,
    publicOrigin: front.publicOrigin,
    sso: ssoProvider(env),
    ssoClaim: ssoClaim(env.SSO_CLAIM),
    ssoAllowUnverifiedEmail: yesNo(
      'SSO_ALLOW_UNVERIFIED_EMAIL',
      env.SSO_ALLOW_UNVERIFIED_EMAIL,
      yesByDefault('SSO_ALLOW_UNVERIFIED_EMAIL'),
    ),
    idpClients: idpClients(env.SSO_IDP_CLIENTS),
    emulator: emulatorOn,
    relayTenants: relayed.tenants,
    defaultConnection: relayed.defaultConnection,
    relayTimeoutMs: integer(
      'RELAY_TIMEOUT_MS',
      env.RELAY_TIMEOUT_MS || SETTING_DEFAULTS.RELAY_TIMEOUT_MS,
      1,
      600_000,
    ),
    allowedHosts: front.allowedHosts,
    logLevel: logLevel(env.LOG_LEVEL),
    serveConsole: !flags.has('no-console'),
    emulatorControl: emulatorControl(env, emulatorOn, host, front),
    ...recorded,
    ignoredSettings: emulatorOn ? [] : EMULATOR_ONLY_SETTINGS.filter((name) => (env[name] ?? '') !== ''),
  };
}
