import { create } from 'zustand';

/**
 * How the last sign-out went for single sign-on: `none` when the session was not an SSO one, `ending` while the
 * SSO session is being ended, `ended` once it is (at the provider too, when it has a place for that), `failed`
 * when the server could not be asked.
 */
export type SsoSignOutStatus = 'none' | 'ending' | 'ended' | 'failed';

/** Survives the trip through the provider's sign-out page, which comes back with a fresh page load. */
export const LANDING_KEY = 'auth-console.sso-signed-out';

function takeLanding(): SsoSignOutStatus {
  const landed = sessionStorage.getItem(LANDING_KEY);
  sessionStorage.removeItem(LANDING_KEY);
  return landed === 'ended' ? 'ended' : 'none';
}

export const useSsoSignOutStore = create<{ status: SsoSignOutStatus }>(() => ({ status: takeLanding() }));
