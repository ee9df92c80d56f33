import { EMULATOR_CONNECTION } from '../../contract/wire.ts';
import { ConfigError } from './config-error.ts';
import { quoted, urlSetting } from './url-setting.ts';

const RELAY_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;

/**
 * The `<name>` of `/relay/<name>/`, as RELAY_TENANTS and CONNECTIONS_FILE both write it. `subject` starts the
 * message, e.g. `RELAY_TENANTS names`.
 */
export function relayName(name: string, subject: string): string {
  if (!RELAY_NAME.test(name)) {
    throw new ConfigError(
      `${subject} must be 1 to 63 lower-case letters, digits and hyphens, starting with a letter or digit ${quoted(name)}.`,
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
  const url = urlSetting(raw, subject, { httpsUnlessLoopback: true });
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
