import type { ComponentType } from 'react';
import {
  ADMIN_KEY_PATH,
  DECODE_PATH,
  PROFILE_PATH,
  REQUESTS_PATH,
  SIGN_IN_PATH,
  SSO_CALLBACK_PATH,
  SSO_PATH,
  TOKEN_PATH,
} from '@/lib/routes';

/**
 * One screen of the console: adding a screen is adding its entry below. Plain data (its code is only named, in
 * `load`), so that the end-to-end audits walk this same table: a new screen is audited without editing them.
 */
export interface ScreenEntry {
  path: string;
  /** Its main heading, where focus goes when a navigation brings it up. */
  title: string;
  /** Its entry in the navigation, which lists the screens that have one in the table's order. */
  nav?: string;
  /** Behind the sign-in guard, inside the signed-in layout (whose code comes first). */
  signedIn?: true;
  /**
   * Fetches its code on demand (`screen-code.tsx`). The sign-in screen alone has none: it is the one screen that
   * comes with the first page, so that signing in fetches only what it needs.
   */
  load?: () => Promise<ComponentType<object>>;
}

/** A screen open to all: in the signed-in frame when there is a session (its code comes too), on its own when not. */
const openToAll = (page: () => Promise<{ default: ComponentType }>) => (): Promise<ComponentType<object>> =>
  Promise.all([import('../frame/signed-in-layout'), page()]).then(([frame, code]) =>
    frame.framedWhenSignedIn(code.default),
  );

export const SCREENS: readonly ScreenEntry[] = [
  {
    path: PROFILE_PATH,
    title: 'Profile',
    nav: 'Profile',
    signedIn: true,
    load: () => import('@/features/profile/components/profile-page').then((m) => m.default),
  },
  {
    path: TOKEN_PATH,
    title: 'Token',
    nav: 'Token',
    signedIn: true,
    load: () => import('@/features/token/components/token-page').then((m) => m.default),
  },
  {
    path: REQUESTS_PATH,
    title: 'Requests',
    nav: 'Requests',
    signedIn: true,
    load: () => import('@/features/requests/components/requests-page').then((m) => m.default),
  },
  {
    path: ADMIN_KEY_PATH,
    title: 'Admin key',
    nav: 'Admin key',
    load: openToAll(() => import('@/features/admin-key/components/admin-key-page')),
  },
  {
    path: DECODE_PATH,
    title: 'Decode a token',
    nav: 'JWT decoder',
    load: openToAll(() => import('@/features/decode/components/decode-page')),
  },
  { path: SIGN_IN_PATH, title: 'Sign in' },
  {
    path: SSO_PATH,
    title: 'Single sign-on',
    load: () => import('@/features/sso/components/sso-page').then((m) => m.default),
  },
  {
    path: SSO_CALLBACK_PATH,
    title: 'Single sign-on',
    load: () => import('@/features/sso/components/sso-callback-page').then((m) => m.default),
  },
  // Any other address: rarely seen, so not part of the first page.
  { path: '*', title: 'Page not found', load: () => import('./not-found-page').then((m) => m.NotFoundPage) },
];
