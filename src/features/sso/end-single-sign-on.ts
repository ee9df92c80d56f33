import { logoutSso } from './api/logout-sso';
import { LANDING_KEY, useSsoSignOutStore } from '@/session/stores/sso-sign-out-store';

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
