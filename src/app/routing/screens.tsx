import { SignInPage } from '@/features/password-login/components/sign-in-page';
import {
  ADMIN_KEY_PATH,
  DECODE_PATH,
  DEFAULT_PATH,
  PROFILE_PATH,
  REQUESTS_PATH,
  SIGN_IN_PATH,
  SSO_CALLBACK_PATH,
  SSO_PATH,
  TOKEN_PATH,
} from '@/lib/routes';
import { onDemand, type OnDemand } from './on-demand';

/** One screen of the console: adding a screen is adding its entry below. */
export interface ScreenEntry {
  path: string;
  /** Its entry in the navigation, which lists the screens that have one in the table's order. */
  nav?: string;
  code: OnDemand<object>;
  /** Behind the sign-in guard, inside the signed-in layout (whose code comes first). */
  signedIn?: true;
}

export const SIGNED_IN_LAYOUT = onDemand(() => import('../frame/signed-in-layout').then((m) => m.default));

export const SCREENS: ScreenEntry[] = [
  {
    path: PROFILE_PATH,
    nav: 'Profile',
    signedIn: true,
    code: onDemand(() => import('@/features/profile/components/profile-page').then((m) => m.default)),
  },
  {
    path: TOKEN_PATH,
    nav: 'Token',
    signedIn: true,
    code: onDemand(() => import('@/features/token/components/token-page').then((m) => m.default)),
  },
  {
    path: REQUESTS_PATH,
    nav: 'Requests',
    signedIn: true,
    code: onDemand(() => import('@/features/requests/components/requests-page').then((m) => m.default)),
  },
  {
    // Open to all: in the signed-in frame when there is a session, on its own when not.
    path: ADMIN_KEY_PATH,
    nav: 'Admin key',
    code: onDemand(() => import('../frame/signed-in-layout').then((m) => m.AdminKeyRoute)),
  },
  {
    path: DECODE_PATH,
    nav: 'JWT decoder',
    code: onDemand(() => import('@/features/decode/components/decode-page').then((m) => m.default)),
  },
  // The one screen that comes with the first page: everything else loads on demand, so signing in fetches only
  // what it needs.
  { path: SIGN_IN_PATH, code: { Screen: SignInPage, preload: async () => {} } },
  {
    path: SSO_PATH,
    code: onDemand(() => import('@/features/sso/components/sso-page').then((m) => m.default)),
  },
  {
    path: SSO_CALLBACK_PATH,
    code: onDemand(() => import('@/features/sso/components/sso-callback-page').then((m) => m.default)),
  },
  // Any other address: rarely seen, so not part of the first page.
  { path: '*', code: onDemand(() => import('./not-found-page').then((m) => m.NotFoundPage)) },
];

/**
 * Fetches the code of the screen at `path` (a return path, with its query), so that a sign-in can keep its form
 * until that screen can show instead of passing through an empty loading state. Never fails: code that cannot be
 * fetched now is fetched again by the navigation, which reports the failure as usual.
 */
export async function preloadScreen(path: string): Promise<void> {
  const { pathname } = new URL(path, 'http://console.invalid');
  const screen = SCREENS.find((s) => s.path === (pathname === '/' ? DEFAULT_PATH : pathname));
  if (!screen) return;
  // One after the other, as the navigation would fetch them: Vitest's module runner can deadlock on two
  // concurrent imports that share modules.
  for (const code of screen.signedIn ? [SIGNED_IN_LAYOUT, screen.code] : [screen.code])
    await code.preload().catch(() => undefined);
}
