import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RawAnswer } from '@/lib/api-client';
import { MASKED_SECRET } from '@contract/secret-fields';
import { describeRequest } from '../description/describe-request';
import { newQueryParam, type RequestForm } from '../form/request-form';
import { answersContaining, HISTORY_DB, keepEntry, readAnswer, readHistory } from './history-db';
import { useHistoryStore } from './history-store';
import { keptAnswer } from './kept-answer';

let organization = '';
let n = 0;

beforeEach(() => {
  // Each test its own organization: the database lasts for the file, as it does for a browser.
  organization = `org-${++n}`;
  useHistoryStore.getState().leave();
});

const answer = (text: string, status = 200) => ({ status, text }) as RawAnswer;

async function add(form: RequestForm, text: string | null = '{"ok":true}', sentAt = ++n, org = organization) {
  const sent = describeRequest(form, {
    base: '/TDWebApi',
    bases: { own: 'http://localhost/TDWebApi', accepted: [] },
    variables: {},
  });
  if (!sent.ready) throw new Error('bad form');
  await useHistoryStore.getState().add({
    organization: org,
    connection: 'This server',
    sentAt,
    sent,
    status: text === null ? null : 200,
    answer: text === null ? null : keptAnswer(sent.kept.request, answer(text)),
  });
}

const get = (i: number): RequestForm => ({
  method: 'GET',
  path: 'people/{uid}',
  pathValues: { uid: String(i) },
  query: [],
  body: '',
});

/** Everything the database holds, as text: what a person with the browser's files could read. */
async function everythingStored(): Promise<string> {
  const db = await openDB(HISTORY_DB);
  const all: unknown[] = [await db.getAll('entries'), await db.getAll('answers')];
  db.close();
  return JSON.stringify(all);
}

describe('the history', () => {
  it('lasts: reopened after a reload, newest first, per organization (its sandbox and production share it)', async () => {
    await useHistoryStore.getState().open(organization);
    await add(get(1), '{"UID":"1"}');
    await add(get(2), null);
    await add(get(3), '{"UID":"3"}', ++n, `${organization}-other`);
    useHistoryStore.getState().leave();

    await useHistoryStore.getState().open(organization);
    const entries = useHistoryStore.getState().entries;
    expect(entries.map((e) => e.request.path)).toEqual(['/api/people/2', '/api/people/1']);
    expect(entries.map((e) => e.status)).toEqual([null, 200]);
    expect(await readAnswer(entries[1]!.id)).toBe('{"UID":"1"}');
    expect(await readHistory(`${organization}-other`)).toHaveLength(1);
  });

  it('never keeps a token or a secret: the request masked, a sign-in’s answer left out, an answer’s secrets masked', async () => {
    await useHistoryStore.getState().open(organization);
    await add(
      {
        method: 'POST',
        path: 'auth/loginadmin',
        pathValues: {},
        query: [newQueryParam('password', 'in-the-query')],
        body: '{"BEID":"5d4e","WebServicesKey":"9a8b-secret","nested":[{"Password":"hunter2"}]}',
      },
      'eyJhbGciOi.the-token.sig',
    );
    await add(
      { ...get(1), method: 'POST', path: 'integrations', body: '' },
      '{"Name":"hook","ApiKey":"answer-secret"}',
    );
    const stored = await everythingStored();
    for (const secret of ['9a8b-secret', 'hunter2', 'in-the-query', 'the-token', 'answer-secret'])
      expect(stored).not.toContain(secret);
    const [integration, signIn] = useHistoryStore.getState().entries;
    expect(signIn!.masked).toBe(true);
    expect(JSON.parse(signIn!.request.bodyText!)).toEqual({
      BEID: '5d4e',
      WebServicesKey: MASKED_SECRET,
      nested: [{ Password: MASKED_SECRET }],
    });
    expect(signIn!.answerNote).toBe('A sign-in’s answer is a token: it is never kept.');
    expect(await readAnswer(signIn!.id)).toBeNull();
    expect(JSON.parse((await readAnswer(integration!.id))!)).toEqual({ Name: 'hook', ApiKey: MASKED_SECRET });
  });

  it('drops the oldest requests over its size, and the oldest answers over its answers’ cap', async () => {
    const entry = (i: number, answerSize: number) => ({
      id: `e${i}`,
      organization,
      connection: 'c',
      sentAt: i,
      status: 200,
      answerSize,
      answerNote: null,
      masked: false,
      form: get(i),
      request: { method: 'GET' as const, path: `/api/people/${i}` },
    });
    const caps = { entries: 4, answers: 25 };
    for (let i = 1; i <= 6; i++) await keepEntry(entry(i, 10), 'x'.repeat(10), caps);
    const kept = await readHistory(organization);
    expect(kept.map((e) => e.id)).toEqual(['e6', 'e5', 'e4', 'e3']);
    expect(kept.map((e) => e.answerSize)).toEqual([10, 10, 0, 0]);
    expect(kept[2]!.answerNote).toBe('Its answer was dropped to make room for newer ones.');
    expect(await readAnswer('e4')).toBeNull();
    expect(await readAnswer('e1')).toBeNull();
    expect(await readAnswer('e5')).toBe('x'.repeat(10));
  });

  it('finds the answers holding a text, letter case aside; Forget history clears the organization’s', async () => {
    await useHistoryStore.getState().open(organization);
    await add(get(1), '{"FullName":"Jane Doe"}');
    await add(get(2), '{"FullName":"John Roe"}');
    await add(get(3), '{"FullName":"Jane Doe"}', ++n, `${organization}-other`);
    const [roe, doe] = useHistoryStore.getState().entries;
    expect(await answersContaining(organization, 'jane doe')).toEqual(new Set([doe!.id]));
    expect(roe).toBeDefined();

    await useHistoryStore.getState().forget();
    expect(useHistoryStore.getState().entries).toEqual([]);
    expect(await readHistory(organization)).toEqual([]);
    expect(await answersContaining(organization, 'doe')).toEqual(new Set());
    expect(await readHistory(`${organization}-other`)).toHaveLength(1);
  });
});
