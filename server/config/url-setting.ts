import { isLoopbackHost } from '../http/loopback.ts';
import { ConfigError } from './config-error.ts';

/** What a URL setting must be beyond an absolute http or https URL without user info, query or fragment. */
export interface UrlRule {
  /** Plain http only for loopback hosts (a tenant's base: a second emulator in tests, say). */
  httpsUnlessLoopback?: boolean;
  /** An origin alone, without a path (a trailing slash is no path). */
  originOnly?: boolean;
}

/** What a refusal may show of a URL: its scheme, host, port and path; never user info, query or fragment. */
function shown(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/**
 * The one rule of every URL setting (PUBLIC_ORIGIN, SSO_ISSUER, the relay bases, the embedded provider's redirect
 * URIs): an absolute http or https URL, without user name, password, query or fragment. A refusal names the
 * setting (`subject` starts it) and what is wrong, and never repeats the value's user info, query or fragment, nor
 * anything of a value that does not parse: a mistyped URL may still hold a password or key.
 */
export function urlSetting(raw: string, subject: string, rule: UrlRule = {}): URL {
  const schemes = rule.httpsUnlessLoopback ? 'https' : 'http or https';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${subject} must be an absolute ${schemes} URL.`);
  }
  if (url.username || url.password) {
    throw new ConfigError(`${subject} must not contain a user name or password.`);
  }
  if (url.search || url.hash || raw.includes('?') || raw.includes('#')) {
    throw new ConfigError(`${subject} must not have a query or fragment.`);
  }
  // Nothing of another scheme is shown: `admin:S3CR3T@host` parses as the scheme `admin:` with a path.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`${subject} must be an absolute ${schemes} URL.`);
  }
  if (rule.httpsUnlessLoopback && url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new ConfigError(
      `${subject} must use https; plain http is allowed only for loopback hosts (127.0.0.0/8, ::1, localhost) (got ${shown(url)}).`,
    );
  }
  if (rule.originOnly && url.pathname !== '/') {
    throw new ConfigError(`${subject} must be an origin, without a path (got ${shown(url)}).`);
  }
  return url;
}

/** Whether a value has an `@`, `?` or `#`, which could start a URL's user info, query or fragment. */
export function mayHoldUrlSecret(raw: string): boolean {
  return /[@?#]/.test(raw);
}

/**
 * How a refusal quotes a value that is not a URL setting but may have been given one by mistake (a tenant name,
 * a host name): as given, unless it may hold a URL's user info, query or fragment.
 */
export function quoted(raw: string): string {
  return mayHoldUrlSecret(raw) ? '(not repeated here: it may hold a secret)' : `(got "${raw}")`;
}
