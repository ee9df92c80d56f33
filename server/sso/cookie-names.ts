import type { ApiBase } from '../../contract/web-api/bases.ts';
import { cookiePath } from './paths.ts';

/** The SSO cookies over plain http, where they are kept apart by path. */
export const SESSION_COOKIE = 'TDWebApiSso';
export const FLOW_COOKIE = 'TDWebApiSsoFlow';

export interface CookieSpot {
  name: string;
  path: string;
}

/**
 * Where an SSO cookie of one API base lives. Where the origin is https, a `__Host-` name (one per base, since the
 * prefix demands `Path=/`): browsers take such a cookie only from a secure page of this very host, never with a
 * `Domain`, so no sibling subdomain or plain-http page can plant one. Over plain http, the auth path of the base.
 */
export function ssoCookie(kind: 'session' | 'flow', base: ApiBase, secure: boolean): CookieSpot {
  const plain = kind === 'session' ? SESSION_COOKIE : FLOW_COOKIE;
  if (!secure) return { name: plain, path: cookiePath(base) };
  return { name: `__Host-${base.slice(1)}${plain.slice('TDWebApi'.length)}`, path: '/' };
}
