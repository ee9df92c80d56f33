import { apiBaseOf, PRODUCTION_BASE, type ApiBase } from '../../contract/web-api/bases.ts';

/**
 * The base an SSO route was called below, as the real service spells it: cookie paths are case-sensitive, routes
 * are not.
 */
export function ssoBaseOf(url: URL): ApiBase {
  return apiBaseOf(url.pathname) ?? PRODUCTION_BASE;
}

/** Where the SSO cookies live: the auth area of one API base, so no other path ever sees them. */
export function cookiePath(base: ApiBase): string {
  return `${base}/api/auth`;
}

export function loginSsoPath(base: ApiBase): string {
  return `${base}/api/auth/loginsso`;
}

export function callbackPath(base: ApiBase): string {
  return `${base}/api/auth/loginsso/callback`;
}

/** The console's sign-in screen: where the identity provider sends the browser back after signing out there. */
export const SIGNED_OUT_PATH = '/sign-in';
