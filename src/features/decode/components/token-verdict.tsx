import Alert, { type AlertColor } from '@mui/material/Alert';
import type { DecodedToken } from '@/lib/jwt';
import { countdownAt, formatRemaining } from '@/session/lifecycle/countdown';
import { useNow } from '@/session/lifecycle/ticker';
import { useSessionStore } from '@/session/stores/session-store';

export interface Verdict {
  severity: AlertColor;
  text: string;
}

/**
 * Whether a token's time window holds at `serverNow`, in words: the server refuses a token past its `exp` (or
 * before its `nbf`), whatever its signature.
 */
function verdictAt(token: Pick<DecodedToken, 'expiresAt' | 'notBefore'>, serverNow: number): Verdict {
  if (token.expiresAt === null) return { severity: 'info', text: 'No expiry: the token has no exp claim.' };
  const left = countdownAt(token.expiresAt, 0, serverNow);
  if (left.expired) return { severity: 'error', text: 'Expired: the server refuses a token after its exp.' };
  if (token.notBefore !== null && token.notBefore > serverNow)
    return {
      severity: 'warning',
      text: `Not valid yet: its nbf is ${formatRemaining(token.notBefore - serverNow)} away.`,
    };
  return { severity: 'success', text: `Not expired: ${left.text} left.` };
}

/**
 * The verdict, re-read from the console's one clock every second (the countdown's ticker), corrected by the
 * clock difference the session measured when there is one, so a session's own token shows what its countdown does.
 */
export function TokenVerdict({ token }: { token: DecodedToken }) {
  const browserNow = useNow();
  const offset = useSessionStore((s) => s.session?.clockOffsetMs ?? 0);
  const verdict = verdictAt(token, browserNow + offset);
  // A timer: its text changes every second, so it is not announced as it does (the chip's role, too).
  return (
    <Alert severity={verdict.severity} role="timer" aria-live="off" sx={{ mt: 2 }}>
      {verdict.text}
    </Alert>
  );
}
