import { create } from 'zustand';
import { logoutSso } from './api/logout-sso';

/**
 * How the last sign-out went for single sign-on: `none` when the session was not an SSO one, `ending` while the
 * SSO session is being ended, `ended` once it is (at the provider too, when it has a place for that), `failed`
 * when the server could not be asked.
 */
export type SsoSignOutStatus = 'none' | 'ending' | 'ended' | 'failed';

/** Survives the trip through the provider's sign-out page, which comes back with a fresh page load. */
const LANDING_KEY = 'auth-console.sso-signed-out';

function takeLanding(): SsoSignOutStatus {
  const landed = sessionStorage.getItem(LANDING_KEY);
  sessionStorage.removeItem(LANDING_KEY);
  return landed === 'ended' ? 'ended' : 'none';
}

export const useSsoSignOutStore = create<{ status: SsoSignOutStatus }>(() => ({ status: takeLanding() }));

function isWebUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text, window.location.href);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Ends single sign-on after the console's own sign-out: the SSO session at the emulator (so `loginsso` asks the
 * provider again), then, where the provider has one, its session too, through its end-session page, which sends
 * the browser back to the sign-in screen.
 */
export async function endSingleSignOn(baseUrl: string): Promise<void> {
  useSsoSignOutStore.setState({ status: 'ending' });
  let endSessionUrl: string | null;
  try {
    ({ endSessionUrl } = await logoutSso(baseUrl));
  } catch {
    useSsoSignOutStore.setState({ status: 'failed' });
    return;
  }
  useSsoSignOutStore.setState({ status: 'ended' });
  if (endSessionUrl !== null && isWebUrl(endSessionUrl)) {
    sessionStorage.setItem(LANDING_KEY, 'ended');
    window.location.assign(endSessionUrl);
  }
}

/** A sign-out that had nothing to do with single sign-on. */
export function noSsoToEnd() {
  useSsoSignOutStore.setState({ status: 'none' });
}
