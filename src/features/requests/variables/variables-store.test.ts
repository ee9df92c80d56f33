import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VARIABLES_KEY } from './variables-key';
import {
  readVariables,
  useVariablesStore,
  valuesOf,
  variableNameProblem,
  variablesOf,
} from './variables-store';

beforeEach(() => {
  localStorage.clear();
  useVariablesStore.setState({ byOrganization: {} });
  vi.restoreAllMocks();
});

describe('useVariablesStore', () => {
  it('keeps variables per organization, edits and renames in place, and deletes', () => {
    const { put, remove } = useVariablesStore.getState();
    put('org-a', [
      { name: 'appId', value: '31' },
      { name: 'uid', value: 'u-1' },
    ]);
    put('org-b', [{ name: 'appId', value: '40' }]);
    put('org-a', [{ name: 'applicationId', value: '32' }], 'appId');
    expect(variablesOf(useVariablesStore.getState(), 'org-a')).toEqual([
      { name: 'applicationId', value: '32' },
      { name: 'uid', value: 'u-1' },
    ]);
    remove('org-a', 'uid');
    expect(readVariables(localStorage.getItem(VARIABLES_KEY))).toEqual({
      'org-a': [{ name: 'applicationId', value: '32' }],
      'org-b': [{ name: 'appId', value: '40' }],
    });
  });

  it('never writes a secret-named variable to storage, and forgets them on request', () => {
    const { put, forgetSecrets } = useVariablesStore.getState();
    put('org-a', [
      { name: 'userPassword', value: 'hunter2' },
      { name: 'appId', value: '31' },
    ]);
    expect(valuesOf(variablesOf(useVariablesStore.getState(), 'org-a'))).toEqual({
      userPassword: 'hunter2',
      appId: '31',
    });
    expect(localStorage.getItem(VARIABLES_KEY)).not.toContain('hunter2');
    expect(localStorage.getItem(VARIABLES_KEY)).not.toContain('userPassword');
    forgetSecrets();
    expect(variablesOf(useVariablesStore.getState(), 'org-a')).toEqual([{ name: 'appId', value: '31' }]);
  });

  it('keeps nothing when storage refuses the write', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(useVariablesStore.getState().put('org-a', [{ name: 'a', value: '1' }])).toBe(false);
    expect(variablesOf(useVariablesStore.getState(), 'org-a')).toEqual([]);
  });

  it('reads storage defensively: bad JSON, bad entries and secret-named ones left out', () => {
    expect(readVariables('nope')).toEqual({});
    expect(
      readVariables(
        JSON.stringify({
          o: [{ name: 'a', value: '1' }, { name: 'a b', value: '2' }, { name: 'apiKey', value: 'k' }, 3],
        }),
      ),
    ).toEqual({ o: [{ name: 'a', value: '1' }] });
  });

  it('gives the same values object for the same list, and names what a name may be', () => {
    const list = [{ name: 'a', value: '1' }];
    expect(valuesOf(list)).toBe(valuesOf(list));
    expect(variableNameProblem('')).toBe('Give the variable a name.');
    expect(variableNameProblem('a b')).toMatch(/letters, digits/);
    expect(variableNameProblem('app.Id-2_x')).toBeNull();
  });
});
