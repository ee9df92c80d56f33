import { useNow } from './ticker';
import { useSessionStore } from '../stores/session-store';

export const WARNING_MS = 5 * 60_000;

export interface Countdown {
  remainingMs: number;
  /** hh:mm:ss, or 00:00:00 once expired. */
  text: string;
  warning: boolean;
  expired: boolean;
}

export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return [hours, minutes, seconds].map((n) => String(n).padStart(2, '0')).join(':');
}

export function countdownAt(expiresAt: number, clockOffsetMs: number, browserNow: number): Countdown {
  const remainingMs = expiresAt - (browserNow + clockOffsetMs);
  return {
    remainingMs,
    text: formatRemaining(remainingMs),
    warning: remainingMs <= WARNING_MS,
    expired: remainingMs <= 0,
  };
}

/** Time left on the session's token, corrected for the server's clock; null when signed out. */
export function useCountdown(): Countdown | null {
  const browserNow = useNow();
  const session = useSessionStore((s) => s.session);
  if (!session) return null;
  return countdownAt(session.expiresAt, session.clockOffsetMs, browserNow);
}
