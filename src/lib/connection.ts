import { PRODUCTION_BASE, SANDBOX_BASE } from '@contract/web-api/bases';
import { THIS_SERVER_ORGANIZATION } from '@contract/wire';

/** Where API calls go: this server's emulator, or a real tenant through this server's relay. */
export interface Connection {
  id: string;
  label: string;
  /** Base of the API paths on this origin, e.g. `/TDWebApi` or `/relay/acme`. */
  baseUrl: string;
  /** The real tenant's base URL for a relayed connection; null for this server's own API. */
  upstream: string | null;
  /** Connections of one organization share an admin key, which is sent to no other. */
  organization: string;
}

/** What this server offers (`GET /relay`), and the connection a browser that has not chosen one starts with. */
export interface ConnectionOffer {
  connections: Connection[];
  defaultId: string;
}

/** Where this browser remembers the connection it last chose: the id alone, a preference and not a secret. */
export const CONNECTION_CHOICE_KEY = 'auth-console.connection';

export const EMULATOR: Connection = {
  id: 'emulator',
  label: 'This server (emulator)',
  baseUrl: PRODUCTION_BASE,
  upstream: null,
  organization: THIS_SERVER_ORGANIZATION,
};

export const EMULATOR_SANDBOX: Connection = {
  id: 'emulator-sandbox',
  label: 'This server (emulator, sandbox)',
  baseUrl: SANDBOX_BASE,
  upstream: null,
  organization: THIS_SERVER_ORGANIZATION,
};

export const BUILT_IN_CONNECTIONS: readonly Connection[] = [EMULATOR, EMULATOR_SANDBOX];

/** Only a connection on this origin can finish SSO by redirect: the SSO cookie must be readable by this page. */
export function sharesOrigin(connection: Connection): boolean {
  return connection.upstream === null;
}

function isConnection(value: unknown): value is Connection {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    typeof c.id === 'string' &&
    typeof c.label === 'string' &&
    typeof c.organization === 'string' &&
    typeof c.baseUrl === 'string' &&
    /^\/[A-Za-z0-9/_-]*$/.test(c.baseUrl) &&
    !c.baseUrl.startsWith('//') &&
    (c.upstream === null || (typeof c.upstream === 'string' && /^https?:\/\//.test(c.upstream)))
  );
}

/** A connection read back from storage, or the emulator when it is not one. */
export function parseConnection(value: unknown): Connection {
  return isConnection(value) ? value : EMULATOR;
}
