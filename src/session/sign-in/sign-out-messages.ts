import type { SignOutReason } from '../stores/session-store';

/**
 * How a session ended, in words: the one home of these sentences. A sign-in screen says them of the last session,
 * and a failure that ends the session (`describeFailure`, the error policy) says the same (a test fails on a copy
 * elsewhere).
 */
export const SIGN_OUT_MESSAGES: Record<SignOutReason, string> = {
  expired: 'Your session expired. Sign in again to continue.',
  ended: 'Your session ended. Sign in again to continue.',
  'other-tab': 'You signed out in another tab.',
  user: 'You are signed out.',
};
