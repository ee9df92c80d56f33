import { SignInPage } from '@/features/password-login/components/sign-in-page';
import { DEFAULT_PATH } from '@/lib/routes';
import { onDemand, type OnDemand } from './on-demand';
import { SCREENS, type ScreenEntry } from './screens';

export const SIGNED_IN_LAYOUT = onDemand(() => import('../frame/signed-in-layout').then((m) => m.default));

/** The screen table with each screen's code: the one without `load` (sign-in) comes with the first page. */
export const SCREEN_CODE: readonly (ScreenEntry & { code: OnDemand<object> })[] = SCREENS.map((screen) => ({
  ...screen,
  code: screen.load ? onDemand(screen.load) : { Screen: SignInPage, preload: async () => {} },
}));

/**
 * Fetches the code of the screen at `path` (a return path, with its query), so that a sign-in can keep its form
 * until that screen can show instead of passing through an empty loading state. Never fails: code that cannot be
 * fetched now is fetched again by the navigation, which reports the failure as usual.
 */
export async function preloadScreen(path: string): Promise<void> {
  const { pathname } = new URL(path, 'http://console.invalid');
  const screen = SCREEN_CODE.find((s) => s.path === (pathname === '/' ? DEFAULT_PATH : pathname));
  if (!screen) return;
  // One after the other, as the navigation would fetch them: Vitest's module runner can deadlock on two
  // concurrent imports that share modules.
  for (const code of screen.signedIn ? [SIGNED_IN_LAYOUT, screen.code] : [screen.code])
    await code.preload().catch(() => undefined);
}
