import { now } from '@/lib/clock';
import { safeReturnPath } from '@contract/return-path';
import { BUILT_IN_CONNECTIONS, type Connection } from '@/lib/connection';
import { ssoPageUrl } from '@/lib/connection-details';
import { DEFAULT_PATH, SSO_CALLBACK_PATH } from '@/lib/routes';
import { useConnectionStore } from '../stores/connection-store';

const ATTEMPTS_KEY = 'auth-console.sso-attempts';
const NEXT_KEY = 'auth-console.sso-next';
const CONNECTION_KEY = 'auth-console.sso-connection';
const LOOP_WINDOW_MS = 60_000;
const MAX_ROUND_TRIPS = 2;

function recentAttempts(): number[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(ATTEMPTS_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((t): t is number => typeof t === 'number' && t > now() - LOOP_WINDOW_MS)
      : [];
  } catch {
    return [];
  }
}

/** Two round trips to the provider within a minute that came back without a session: stop instead of looping. */
export function mayRedirectAgain(): boolean {
  return recentAttempts().length < MAX_ROUND_TRIPS;
}

export function clearSsoAttempts() {
  sessionStorage.removeItem(ATTEMPTS_KEY);
}

/** Where to go once SSO has signed the tab in (kept in this tab's storage: it is a path, not a secret). */
export function takeSsoNext(): string {
  const next = safeReturnPath(sessionStorage.getItem(NEXT_KEY)) ?? DEFAULT_PATH;
  sessionStorage.removeItem(NEXT_KEY);
  return next;
}

/**
 * Where this tab's last SSO attempt was headed, without forgetting it: a failed attempt comes back as
 * `/sso?error=…` without the path, and a retry should still go there.
 */
export function pendingSsoNext(): string | null {
  return safeReturnPath(sessionStorage.getItem(NEXT_KEY));
}

/**
 * The connection this tab's SSO redirect went through (one of this server's own: only they finish by redirect),
 * kept in this tab: the choice the browser remembers may have changed in another tab meanwhile.
 */
export function ssoConnection(): Connection {
  const id = sessionStorage.getItem(CONNECTION_KEY);
  return BUILT_IN_CONNECTIONS.find((c) => c.id === id) ?? useConnectionStore.getState().selected;
}

/**
 * A full-page trip through the identity provider: `loginsso` with the emulator's return parameter, so the
 * browser comes back to the console's callback route, which then reads the token with the SSO session.
 */
export function startSsoRedirect(
  next: string,
  connection: Connection = useConnectionStore.getState().selected,
  /** Have the provider ask for credentials again instead of reusing its session (the emulator's `prompt=login`). */
  promptLogin = false,
) {
  sessionStorage.setItem(ATTEMPTS_KEY, JSON.stringify([...recentAttempts(), now()]));
  sessionStorage.setItem(NEXT_KEY, safeReturnPath(next) ?? DEFAULT_PATH);
  sessionStorage.setItem(CONNECTION_KEY, connection.id);
  const prompt = promptLogin ? '&prompt=login' : '';
  window.location.assign(
    `${ssoPageUrl(connection)}?returnTo=${encodeURIComponent(SSO_CALLBACK_PATH)}${prompt}`,
  );
}
