import type { SignOutReason } from '../stores/session-store';

/** What a sign-in screen says about how the last session ended. */
export const SIGN_OUT_MESSAGES: Record<SignOutReason, string> = {
  expired: 'Your session expired. Sign in again to continue.',
  ended: 'Your session ended. Sign in again to continue.',
  'other-tab': 'You signed out in another tab.',
  user: 'You are signed out.',
};
