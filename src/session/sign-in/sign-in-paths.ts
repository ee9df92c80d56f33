import { useSearchParams } from 'react-router';
import { safeReturnPath } from '@contract/return-path';
import { ADMIN_KEY_PATH, DEFAULT_PATH, SIGN_IN_PATH, SSO_PATH } from '@/lib/routes';
import type { SignInMethod } from '../session';

/** Where to go after signing in: the `returnTo` parameter when it is a safe same-origin path. */
export function useReturnPath(): string {
  const [params] = useSearchParams();
  return safeReturnPath(params.get('returnTo')) ?? DEFAULT_PATH;
}

/** The sign-in form for `method` (the password form unless told otherwise), coming back to `returnTo` after. */
export function signInPathFor(returnTo: string, method: SignInMethod = 'password'): string {
  const form =
    method === 'admin-key'
      ? ADMIN_KEY_PATH
      : method === 'sso' || method === 'pasted'
        ? SSO_PATH
        : SIGN_IN_PATH;
  return `${form}?returnTo=${encodeURIComponent(returnTo)}`;
}

/** Marks a visit to the password form as signing in again while the session still runs: it stays on the form. */
export const AGAIN_PARAM = 'again';

/** Signing in again before the session ends: the form of the session's own method, which keeps the session. */
export function signInAgainPathFor(returnTo: string, method: SignInMethod): string {
  const path = signInPathFor(returnTo, method);
  return path.startsWith(`${SIGN_IN_PATH}?`) ? `${path}&${AGAIN_PARAM}=1` : path;
}
