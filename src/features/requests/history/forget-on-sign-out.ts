import { useSessionStore } from '@/session/stores/session-store';
import { useRequestFormStore } from '../form/form-store';
import { useHistoryStore } from './history-store';
import { GET_USER_FORM } from '../form/request-form';
import { useVariablesStore } from '../variables/variables-store';

/**
 * Signing out (here or in another tab) forgets this tab's requests, form and secret-named variables: the next
 * person at this browser does not see them. An expired or ended session keeps both, so that signing in again returns to the work.
 */
export function forgetRequestsOnSignOut(): () => void {
  return useSessionStore.subscribe((state, previous) => {
    if (!previous.session || state.session) return;
    if (state.lastSignOut !== 'user' && state.lastSignOut !== 'other-tab') return;
    useHistoryStore.getState().clear();
    useVariablesStore.getState().forgetSecrets();
    useRequestFormStore.getState().load(GET_USER_FORM);
  });
}
