import { EMULATOR_CONNECTION } from '../../contract/wire.ts';
import { ConfigError } from './config-error.ts';
import { isLoopbackHost } from '../http/loopback.ts';

const RELAY_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;

/**
 * The `<name>` of `/relay/<name>/`, as RELAY_TENANTS and CONNECTIONS_FILE both write it. `subject` starts the
 * message, e.g. `RELAY_TENANTS names`.
 */
export function relayName(name: string, subject: string): string {
  if (!RELAY_NAME.test(name)) {
    throw new ConfigError(
      `${subject} must be 1 to 63 lower-case letters, digits and hyphens, starting with a letter or digit (got "${name}").`,
    );
  }
  // `ConnectionsAnswer.default` names the emulator's own connection so: a tenant of that name would be ambiguous.
  if (name === EMULATOR_CONNECTION) {
    throw new ConfigError(`${subject} must not be "${name}": that names this server's own connection.`);
  }
  return name;
}

/**
 * A tenant's upstream base, without a trailing slash. `subject` starts the message, e.g.
 * `The RELAY_TENANTS base of "acme"`.
 */
export function relayBase(raw: string, subject: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // Not echoed: a mistyped URL may still hold a password.
    throw new ConfigError(`${subject} must be an absolute https URL.`);
  }
  if (url.username || url.password) {
    throw new ConfigError(`${subject} must not contain a user name or password.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`${subject} must be an absolute https URL (got "${raw}").`);
  }
  // Loopback hosts are the only ones a relay may reach over plain http (a second emulator in tests, say).
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new ConfigError(
      `${subject} must use https; plain http is allowed only for loopback hosts (127.0.0.0/8, ::1, localhost) (got "${raw}").`,
    );
  }
  if (url.search || url.hash || raw.includes('?') || raw.includes('#')) {
    throw new ConfigError(`${subject} must not have a query or fragment (got "${raw}").`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
