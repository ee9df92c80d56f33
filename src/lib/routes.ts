// Every screen's path, written once: the screen table (src/app/routing/screens.ts) and every link take them from here.
export const SIGN_IN_PATH = '/sign-in';
export const ADMIN_KEY_PATH = '/admin-key';
export const SSO_PATH = '/sso';
export const SSO_CALLBACK_PATH = '/sso/callback';
export const DECODE_PATH = '/decode';
export const PROFILE_PATH = '/profile';
export const TOKEN_PATH = '/token';
export const REQUESTS_PATH = '/requests';

/**
 * Where a sign-in goes when it was not told where to return: the profile, by another name.
 * @alias
 */
export const DEFAULT_PATH = PROFILE_PATH;
