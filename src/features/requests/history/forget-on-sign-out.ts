import { useSessionStore } from '@/session/stores/session-store';
import { useRequestFormStore } from '../form/form-store';
import { useHistoryStore } from './history-store';
import { GET_USER_FORM } from '../form/request-form';
import { useVariablesStore } from '../variables/variables-store';

/**
 * Signing out (here or in another tab) forgets this tab's form and secret-named variables, and stops showing the
 * history. The history itself
 * stays stored for the organization's next session: it holds no token and no secret (`kept`, `keptAnswer`), and
 * _Forget history_ is how it is cleared. An expired or ended session keeps both shown, so that signing in again
 * returns to the work.
 */
export function forgetRequestsOnSignOut(): () => void {
  return useSessionStore.subscribe((state, previous) => {
    if (!previous.session || state.session) return;
    if (state.lastSignOut !== 'user' && state.lastSignOut !== 'other-tab') return;
    useHistoryStore.getState().leave();
    useVariablesStore.getState().forgetSecrets();
    useRequestFormStore.getState().load(GET_USER_FORM);
  });
}
