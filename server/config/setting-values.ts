/**
 * How each setting's text becomes its value, one parser per kind of setting (the table of settings.ts names each
 * setting's): a bad value stops the start with a ConfigError that names the setting.
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { trustProxy } from '../http/caller.ts';
import { parseHost, type HostName } from '../http/host-check.ts';
import { PRODUCTION_BASE } from '../../contract/web-api/bases.ts';
import { LOG_LEVELS, type LogLevel } from '../runtime/log.ts';
import { ConfigError } from './config-error.ts';
import { relayBase, relayName } from './relay-tenant-rules.ts';
import { quoted, urlSetting } from './url-setting.ts';
import { yesNo } from './yes-no.ts';

/** A named upstream Web API base for the same-origin relay. */
export interface RelayTenant {
  /** Lower-case letters, digits and hyphens: the `<name>` of `/relay/<name>/`. */
  name: string;
  /** Absolute URL of the upstream base, without a trailing slash, e.g. `https://acme.teamdynamix.com` + a base. */
  upstream: string;
  /** What people read in the console; the name when unset. */
  label?: string;
  /** Connections of one organization share an admin key; the upstream's host when unset. */
  organization?: string;
}

/** A client that the embedded provider accepts besides this server itself (say, another emulator). */
export interface IdpClientConfig {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Where it may have the browser sent back after signing out at the embedded provider. */
  postLogoutRedirectUris: string[];
}

/** A parser: the setting's text as given (undefined when unset) and its default ('' when it has none). */
export type Parser<T> = (raw: string | undefined, fallback: string) => T;

/** The text as given, or the default when unset or empty. */
export const text: Parser<string> = (raw, fallback) => raw || fallback;

/** A path, from the working directory; null when unset or empty. */
export const optionalPath: Parser<string | null> = (raw) => (raw ? resolve(raw) : null);

/** A yes/no setting, named in its refusal as `label` (with its flag, where it has one). */
export const yesOrNo =
  (label: string): Parser<boolean> =>
  (raw, fallback) =>
    yesNo(label, raw, fallback === 'on');

/** A whole number from `min` to `max`. */
export const wholeNumber =
  (name: string, min: number, max: number): Parser<number> =>
  (raw, fallback) => {
    const value = raw || fallback;
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      throw new ConfigError(`${name} must be a whole number from ${min} to ${max} ${quoted(value)}.`);
    }
    return Number(value);
  };

/** A whole number from `min` to `max`, or null when unset or empty. */
export const optionalWholeNumber =
  (name: string, min: number, max: number): Parser<number | null> =>
  (raw) =>
    raw ? wholeNumber(name, min, max)(raw, '') : null;

/** A comma-separated list, each entry trimmed, empty ones left out. */
const entries = (raw: string | undefined) =>
  (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

export const publicOrigin: Parser<string | null> = (raw) =>
  raw ? urlSetting(raw, 'PUBLIC_ORIGIN', { originOnly: true }).origin : null;

export const ssoClaim: Parser<string> = (raw, fallback) => {
  const claim = raw || fallback;
  if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(claim)) {
    throw new ConfigError(
      `SSO_CLAIM must be a claim name such as email or preferred_username ${quoted(claim)}.`,
    );
  }
  return claim;
};

export const idpClients: Parser<IdpClientConfig[]> = (raw) => {
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
};

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

export const trustedProxies: Parser<string[]> = (raw) => {
  const proxies = entries(raw);
  const malformed = proxies.find((entry) => !isProxyEntry(entry));
  if (malformed !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY entries must be an IP address, a CIDR range such as 10.0.0.0/8 or one of loopback, linklocal, uniquelocal ${quoted(malformed)}.`,
    );
  }
  return proxies;
};

export const relayTenants: Parser<RelayTenant[]> = (raw) => {
  const tenants: RelayTenant[] = [];
  for (const entry of (raw ?? '').split(',')) {
    const trimmed = entry.trim();
    if (trimmed === '') continue;
    const eq = trimmed.indexOf('=');
    if (eq < 0) {
      throw new ConfigError(
        `RELAY_TENANTS entries must be name=https-url, e.g. acme=https://acme.teamdynamix.com${PRODUCTION_BASE} ${quoted(trimmed)}.`,
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
};

export const allowedHosts: Parser<HostName[]> = (raw) =>
  entries(raw).map((entry) => {
    const host = parseHost(entry);
    if (!host) {
      throw new ConfigError(
        `ALLOWED_HOSTS entries must be a host name or address with an optional port, such as console.example.edu or 10.0.0.5:8080 ${quoted(entry)}.`,
      );
    }
    return host;
  });

export const logLevel: Parser<LogLevel> = (raw, fallback) => {
  const level = raw || fallback;
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} ${quoted(level)}.`);
  }
  return level as LogLevel;
};

const FIELD_NAME = /^[A-Za-z0-9_.-]{1,100}$/;

/** A comma-separated list of field names; `what` and `example` (two of them) say what the refusal wants. */
export const fieldNames =
  (name: string, what: string, example: string): Parser<string[]> =>
  (raw) => {
    const fields = entries(raw);
    const malformed = fields.find((field) => !FIELD_NAME.test(field));
    if (malformed !== undefined) {
      throw new ConfigError(`${name} must list ${what}, such as ${example} ${quoted(malformed)}.`);
    }
    return fields;
  };

const AGE_UNITS: Record<string, number> = { h: 3_600_000, d: 86_400_000 };

/** An age in days or hours (`30d`, `12h`), in milliseconds; null when unset. */
export const age: Parser<number | null> = (raw) => {
  if (!raw) return null;
  const match = /^(\d{1,5})(h|d)$/.exec(raw.trim());
  if (!match || Number(match[1]) === 0) {
    throw new ConfigError(
      `REPLAY_MAX_AGE must be a number of days or hours, such as 30d or 12h ${quoted(raw)}.`,
    );
  }
  return Number(match[1]) * AGE_UNITS[match[2]!]!;
};

export const tooOld: Parser<'warn' | 'refuse'> = (raw, fallback) => {
  const mode = raw || fallback;
  if (mode !== 'warn' && mode !== 'refuse') {
    throw new ConfigError(`REPLAY_TOO_OLD must be warn or refuse ${quoted(mode)}.`);
  }
  return mode;
};
