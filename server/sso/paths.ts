/** The two API bases, as the real service spells them; cookie paths are case-sensitive, routes are not. */
export type ApiBase = '/TDWebApi' | '/SBTDWebApi';

export function apiBaseOf(url: URL): ApiBase {
  return url.pathname.toLowerCase().startsWith('/sbtdwebapi/') ? '/SBTDWebApi' : '/TDWebApi';
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

export const API_BASES: readonly ApiBase[] = ['/TDWebApi', '/SBTDWebApi'];

/** The console's sign-in screen: where the identity provider sends the browser back after signing out there. */
export const SIGNED_OUT_PATH = '/sign-in';
