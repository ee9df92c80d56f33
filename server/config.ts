import { resolve } from 'node:path';

export type TlsConfig =
  { kind: 'none' } | { kind: 'files'; certPath: string; keyPath: string } | { kind: 'self-signed' };

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
}

export class ConfigError extends Error {}

function integer(name: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
  }
  return Number(raw);
}

/** One typed configuration from the environment and command-line flags; flags win. */
export function loadConfig(env: NodeJS.ProcessEnv, argv: string[], root: string): Config {
  const flags = new Map<string, string>();
  for (const arg of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match)
      throw new ConfigError(`Unknown argument "${arg}". Flags: --port=N --host=H --data-dir=D --self-signed`);
    flags.set(match[1]!, match[2] ?? 'true');
  }
  const known = new Set(['port', 'host', 'data-dir', 'self-signed']);
  for (const name of flags.keys()) {
    if (!known.has(name))
      throw new ConfigError(`Unknown flag --${name}. Flags: --port=N --host=H --data-dir=D --self-signed`);
  }
  const value = (flag: string, variable: string) => flags.get(flag) ?? env[variable];

  const certPath = env.TLS_CERT;
  const keyPath = env.TLS_KEY;
  if (Boolean(certPath) !== Boolean(keyPath))
    throw new ConfigError('Set both TLS_CERT and TLS_KEY, or neither.');
  const selfSigned =
    flags.has('self-signed') || env.TLS_SELF_SIGNED === '1' || env.TLS_SELF_SIGNED === 'true';
  let tls: TlsConfig = { kind: 'none' };
  if (certPath && keyPath) tls = { kind: 'files', certPath: resolve(certPath), keyPath: resolve(keyPath) };
  else if (selfSigned) tls = { kind: 'self-signed' };

  return {
    host: value('host', 'HOST') || '127.0.0.1',
    port: integer('PORT', value('port', 'PORT') || '8080', 0, 65535),
    dataDir: value('data-dir', 'DATA_DIR') ? resolve(value('data-dir', 'DATA_DIR')!) : resolve(root, '.data'),
    distDir: resolve(root, 'dist'),
    tls,
    rateLimit: integer('RATE_LIMIT', env.RATE_LIMIT || '60', 1, 1_000_000),
    trustedProxies: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    realmFile: env.REALM_FILE ? resolve(env.REALM_FILE) : null,
  };
}
