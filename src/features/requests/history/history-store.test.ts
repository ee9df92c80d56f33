import { beforeEach, describe, expect, it } from 'vitest';
import { HISTORY_SIZE, useHistoryStore } from './history-store';
import { MASKED_SECRET } from '@contract/secret-fields';
import { describeRequest } from '../description/describe-request';
import { newQueryParam, type RequestForm } from '../form/request-form';

function add(form: RequestForm, status: number | null = 200) {
  const sent = describeRequest(form, {
    base: '/TDWebApi',
    bases: { own: 'http://localhost/TDWebApi', accepted: [] },
    variables: {},
  });
  if (!sent.ready) throw new Error('bad form');
  useHistoryStore.getState().add({ sentAt: 1, sent, status });
}

const get = (i: number): RequestForm => ({
  method: 'GET',
  path: 'people/{uid}',
  pathValues: { uid: String(i) },
  query: [],
  body: '',
});

beforeEach(() => useHistoryStore.getState().clear());

describe('the history', () => {
  it(`keeps the last ${HISTORY_SIZE} requests, newest first`, () => {
    for (let i = 1; i <= HISTORY_SIZE + 5; i++) add(get(i));
    const entries = useHistoryStore.getState().entries;
    expect(entries).toHaveLength(HISTORY_SIZE);
    expect(entries[0]!.request.path).toBe(`/api/people/${HISTORY_SIZE + 5}`);
    expect(entries.at(-1)!.request.path).toBe('/api/people/6');
  });

  it('keeps an auth request with its password and WebServicesKey masked, in the form and the request', () => {
    add({
      method: 'POST',
      path: 'auth/loginadmin',
      pathValues: {},
      query: [newQueryParam('password', 'in-the-query')],
      body: '{"BEID":"5d4e","WebServicesKey":"9a8b-secret","nested":[{"Password":"hunter2"}]}',
    });
    const [entry] = useHistoryStore.getState().entries;
    const kept = JSON.stringify(entry);
    for (const secret of ['9a8b-secret', 'hunter2', 'in-the-query']) expect(kept).not.toContain(secret);
    expect(entry!.masked).toBe(true);
    expect(JSON.parse(entry!.request.bodyText!)).toEqual({
      BEID: '5d4e',
      WebServicesKey: MASKED_SECRET,
      nested: [{ Password: MASKED_SECRET }],
    });
    expect(entry!.request.path).toBe(`/api/auth/loginadmin?password=${encodeURIComponent(MASKED_SECRET)}`);
    expect(entry!.form.query[0]!.value).toBe(MASKED_SECRET);
  });

  it('masks query and path values whose name says secret, keeping every other value and repeated names', () => {
    add({
      method: 'POST',
      path: 'integrations/{apiKey}/webhook/{id}',
      pathValues: { apiKey: 'path-secret', id: '7' },
      query: [
        newQueryParam('token', 'q-secret-1'),
        newQueryParam('accessToken', 'q-secret-2'),
        newQueryParam('tag', 'a'),
        newQueryParam('tag', 'b'),
        newQueryParam('keyword', 'kept'),
      ],
      body: '',
    });
    const [entry] = useHistoryStore.getState().entries;
    expect(JSON.stringify(entry)).not.toMatch(/secret/);
    expect(entry!.masked).toBe(true);
    const mask = encodeURIComponent(MASKED_SECRET);
    expect(entry!.request.path).toBe(
      `/api/integrations/${mask}/webhook/7?token=${mask}&accessToken=${mask}&tag=a&tag=b&keyword=kept`,
    );
    expect(entry!.form.pathValues).toEqual({ apiKey: MASKED_SECRET, id: '7' });
  });

  it('keeps a body without secrets exactly as written', () => {
    const body = '{ "FirstName": "Ann" }';
    add({ ...get(1), method: 'POST', path: 'people', body });
    const [entry] = useHistoryStore.getState().entries;
    expect(entry!.masked).toBe(false);
    expect(entry!.request.bodyText).toBe(body);
  });
});
