import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/session/stores/session-store';
import { useRequestFormStore } from '../form/form-store';
import { forgetRequestsOnSignOut } from './forget-on-sign-out';
import { useHistoryStore } from './history-store';
import { GET_USER_FORM } from '../form/request-form';
import { describeRequest } from '../description/describe-request';
import { signInForTest } from '@/testing/session';
import { useVariablesStore, variablesOf } from '../variables/variables-store';

let stop: () => void;

function signInAndWork() {
  signInForTest();
  useRequestFormStore.getState().setForm({ path: 'people/lookup' });
  const sent = describeRequest(useRequestFormStore.getState().form, {
    base: '/TDWebApi',
    bases: { own: 'http://localhost:3000/TDWebApi', accepted: [] },
    variables: {},
  });
  if (!sent.ready) throw new Error('not a request');
  useHistoryStore.getState().add({ sentAt: 1, sent, status: 200 });
  useVariablesStore.getState().put('org', [
    { name: 'appId', value: '31' },
    { name: 'apiToken', value: 't-1' },
  ]);
}

const variableNames = () => variablesOf(useVariablesStore.getState(), 'org').map((v) => v.name);

beforeEach(() => {
  useHistoryStore.getState().clear();
  useRequestFormStore.getState().load(GET_USER_FORM);
  useVariablesStore.setState({ byOrganization: {} });
  stop = forgetRequestsOnSignOut();
});

afterEach(() => {
  stop();
});

describe('the requests and secret-named variables of a tab', () => {
  it.each(['user', 'other-tab'] as const)('are forgotten on a sign-out (%s)', (reason) => {
    signInAndWork();
    useSessionStore.getState().signOut(reason);
    expect(useHistoryStore.getState().entries).toEqual([]);
    expect(useRequestFormStore.getState().form).toEqual(GET_USER_FORM);
    expect(variableNames()).toEqual(['appId']);
  });

  it.each(['expired', 'ended'] as const)(
    'are kept when the session %s, for the return after signing in',
    (reason) => {
      signInAndWork();
      useSessionStore.getState().signOut(reason);
      expect(useHistoryStore.getState().entries).toHaveLength(1);
      expect(useRequestFormStore.getState().form.path).toBe('people/lookup');
      expect(variableNames()).toEqual(['appId', 'apiToken']);
    },
  );
});
