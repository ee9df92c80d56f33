import { useNavigate } from 'react-router';
import { usePreloadScreen } from '@/lib/preload-screen';
import type { SessionResult } from '../session';

/**
 * How every sign-in ends. `enterAt(to)`, called as the sign-in's request leaves, fetches the code of the screen at
 * `to` meanwhile; once the token is here, what it returns runs `start` (the session's start) after that code has
 * come, so the form stays, busy, instead of an empty loading state showing in between, and on success replaces the
 * form in history with that screen. A token that cannot be a session changes nothing: the result says why.
 */
export function useEnterSession() {
  const navigate = useNavigate();
  const preloadScreen = usePreloadScreen();
  return function enterAt(to: string) {
    const code = preloadScreen(to);
    return async (start: () => SessionResult | Promise<SessionResult>): Promise<SessionResult> => {
      await code;
      const result = await start();
      if (result.ok) void navigate(to, { replace: true });
      return result;
    };
  };
}
