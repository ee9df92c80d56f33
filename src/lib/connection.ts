/** Where API calls go: this server's emulator, or a real tenant through this server's relay. */
export interface Connection {
  id: string;
  label: string;
  /** Base of the API paths on this origin, e.g. `/TDWebApi` or `/relay/acme`. */
  baseUrl: string;
  /** The real tenant's base URL for a relayed connection; null for this server's own API. */
  upstream: string | null;
}

export const EMULATOR: Connection = {
  id: 'emulator',
  label: 'This server (emulator)',
  baseUrl: '/TDWebApi',
  upstream: null,
};

export const EMULATOR_SANDBOX: Connection = {
  id: 'emulator-sandbox',
  label: 'This server (emulator, sandbox)',
  baseUrl: '/SBTDWebApi',
  upstream: null,
};

export const BUILT_IN_CONNECTIONS: readonly Connection[] = [EMULATOR, EMULATOR_SANDBOX];

/** A sandbox base (`/SBTDWebApi`, here or at a tenant): its data is not production's, and the console says so. */
export function isSandbox(connection: Connection): boolean {
  return /\/SBTDWebApi$/i.test(connection.upstream ?? connection.baseUrl);
}

/** Only a connection on this origin can finish SSO by redirect: the SSO cookie must be readable by this page. */
export function sharesOrigin(connection: Connection): boolean {
  return connection.upstream === null;
}

/** The service's own SSO page, to open in a new tab for the paste flow. */
export function ssoPageUrl(connection: Connection): string {
  return `${connection.upstream ?? connection.baseUrl}/api/auth/loginsso`;
}

/** The address a tool outside the browser would call, e.g. for a curl command. */
export function directBaseUrl(connection: Connection, origin: string): string {
  return connection.upstream ?? `${origin}${connection.baseUrl}`;
}

function isConnection(value: unknown): value is Connection {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    typeof c.id === 'string' &&
    typeof c.label === 'string' &&
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
