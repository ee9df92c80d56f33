import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/session/stores/session-store';
import { useRequestFormStore } from '../form/form-store';
import { forgetRequestsOnSignOut } from './forget-on-sign-out';
import { useHistoryStore } from './history-store';
import { EMPTY_FORM } from '../form/request-form';
import { signInForTest } from '@/testing/session';

let stop: () => void;

function signInAndWork() {
  signInForTest();
  useRequestFormStore.getState().setForm({ path: 'people/lookup' });
  useHistoryStore.getState().add({
    sentAt: 1,
    form: useRequestFormStore.getState().form,
    request: { method: 'GET', path: '/api/people/lookup' },
    status: 200,
  });
}

beforeEach(() => {
  useHistoryStore.getState().clear();
  useRequestFormStore.getState().load(EMPTY_FORM);
  stop = forgetRequestsOnSignOut();
});

afterEach(() => {
  stop();
});

describe('the requests of a tab', () => {
  it.each(['user', 'other-tab'] as const)('are forgotten on a sign-out (%s)', (reason) => {
    signInAndWork();
    useSessionStore.getState().signOut(reason);
    expect(useHistoryStore.getState().entries).toEqual([]);
    expect(useRequestFormStore.getState().form).toEqual(EMPTY_FORM);
  });

  it.each(['expired', 'ended'] as const)(
    'are kept when the session %s, for the return after signing in',
    (reason) => {
      signInAndWork();
      useSessionStore.getState().signOut(reason);
      expect(useHistoryStore.getState().entries).toHaveLength(1);
      expect(useRequestFormStore.getState().form.path).toBe('people/lookup');
    },
  );
});
