// Which screens the accessibility and keyboard audits visit, read from the console's screen table: a new entry
// there is audited without editing them. Plain data (no Playwright), so that a unit test can check the plan.
import { SCREENS, type ScreenEntry } from '@/app/routing/screens';
import { SSO_CALLBACK_PATH } from '@/lib/routes';

/** Where a screen is visited: the catch-all at an address no screen has. */
export const visitPath = (screen: ScreenEntry) => (screen.path === '*' ? '/no-such-screen' : screen.path);

/**
 * Audited by a test of their own rather than by a walk: a visit to the SSO callback starts a round trip to the
 * identity provider, so its test makes it fail for real and audits what it shows.
 */
export const AUDITED_APART: readonly string[] = [SSO_CALLBACK_PATH];

/** Signed out: every screen outside the sign-in guard. */
export const SIGNED_OUT_SCREENS = SCREENS.filter(
  (screen) => !screen.signedIn && !AUDITED_APART.includes(screen.path),
);

/** Signed in: the screens behind the guard, and every screen the navigation offers. */
export const SIGNED_IN_SCREENS = SCREENS.filter((screen) => screen.signedIn || screen.nav);

/** The screens the navigation lists, in its order: each is reached from another by its link. */
export const NAV_SCREENS = SCREENS.filter((screen) => screen.nav);
