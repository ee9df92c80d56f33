import { useNoticeStore } from '@/app/notices/notice-store';
import { useSsoSignOutStore } from '@/session/stores/sso-sign-out-store';
import { CONNECTION_CHOICE_KEY, EMULATOR } from '@/lib/connection';
import { useConnectionStore } from '@/session/stores/connection-store';
import { useRateLimitStore } from '@/session/stores/rate-limit-store';
import { useSessionStore } from '@/session/stores/session-store';

/** Puts the console's module-level stores and the tab's storage back as a fresh tab has them. */
export function resetConsoleState() {
  useSessionStore.setState({ session: null, memoryOnly: false, lastSignOut: null, endedSession: null });
  useRateLimitStore.setState({ seen: {}, blocked: {} });
  useNoticeStore.setState({ notices: [] });
  useConnectionStore.setState({ selected: EMULATOR, chosen: false });
  useSsoSignOutStore.setState({ status: 'none' });
  sessionStorage.clear();
  localStorage.removeItem(CONNECTION_CHOICE_KEY);
}
