import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuiltRequest, RequestForm } from '@/features/requests/public';
import type { Connection } from '@/lib/connection';
import { signInForTest } from '@/testing/session';
import { useSessionStore } from '@/session/stores/session-store';
import { useJobStore } from './job-store';
import { keepJob } from './kept-job';
import { newTrial } from './trial';
import type { RowAnswer } from './run-job';
import { sendRow } from './send-row';

vi.mock('./send-row', () => ({ sendRow: vi.fn() }));
vi.mock('./kept-job', () => ({
  keepJob: vi.fn(() => Promise.resolve()),
  forgetKeptJob: vi.fn(() => Promise.resolve()),
}));

const FORM: RequestForm = { method: 'GET', path: 'people/{{uid}}', pathValues: {}, query: [], body: '' };
const UIDS = ['a', 'b', 'c', 'd'];
const requests: BuiltRequest[] = UIDS.map((uid) => ({ method: 'GET', path: `/api/people/${uid}` }));

const answer = (status: number, uid: string): RowAnswer => ({
  kind: 'answer',
  status,
  ms: 3,
  pace: { kind: 'silent' },
  fields: { UID: uid },
  message: status === 200 ? '' : 'Not found',
});

function start() {
  useJobStore.getState().start({
    connectionId: 'emulator',
    connectionLabel: 'This server (emulator)',
    operation: 'GET people/{uid}',
    form: FORM,
    keepable: false,
    columns: ['uid'],
    values: UIDS.map((uid) => ({ uid })),
    requests,
    stopOnError: false,
    trial: null,
  });
}

const ended = () => vi.waitFor(() => expect(useJobStore.getState().job?.progress?.phase).toBe('finished'));

beforeEach(() => {
  useJobStore.getState().discard();
  vi.mocked(sendRow).mockReset();
  vi.mocked(keepJob).mockClear();
  useSessionStore.setState({ session: null });
});

describe('useJobStore', () => {
  it('sends the failed rows again, and only them; the others keep their results', async () => {
    const failing = new Set(['b', 'd']);
    vi.mocked(sendRow).mockImplementation((request) => {
      const uid = request.path.split('/').pop()!;
      return Promise.resolve(answer(failing.has(uid) ? 404 : 200, uid));
    });
    start();
    await ended();
    const first = useJobStore.getState().job!.results;
    expect(first.map((result) => result?.status)).toEqual([200, 404, 200, 404]);

    failing.delete('d');
    vi.mocked(sendRow).mockClear();
    useJobStore.getState().rerunFailed();
    await ended();
    expect(vi.mocked(sendRow).mock.calls.map(([request]) => request.path)).toEqual([
      '/api/people/b',
      '/api/people/d',
    ]);
    const again = useJobStore.getState().job!;
    expect(again.results.map((result) => result?.status)).toEqual([200, 404, 200, 200]);
    expect(again.results[0]).toBe(first[0]);
    expect(again.progress).toMatchObject({ done: 2, total: 2 });
  });
});

const relayed = (id: string, base: string): Connection => ({
  id,
  label: `Acme ${id}`,
  baseUrl: `/relay/${id}`,
  upstream: `https://acme.teamdynamix.com/${base}`,
  organization: 'acme',
});
const PRODUCTION = relayed('acme', 'TDWebApi');
const SANDBOX = relayed('acme-sb', 'SBTDWebApi');

describe('a job that runs its first rows on the sandbox first', () => {
  const sent = () => vi.mocked(sendRow).mock.calls.map(([request]) => request.path.split('/').pop());
  const job = () => useJobStore.getState().job!;

  function startTrial(rows: number) {
    useJobStore.getState().start({
      connectionId: SANDBOX.id,
      connectionLabel: SANDBOX.label,
      operation: 'GET people/{uid}',
      form: FORM,
      keepable: true,
      columns: ['uid'],
      values: UIDS.map((uid) => ({ uid })),
      requests,
      stopOnError: false,
      trial: newTrial(rows, SANDBOX, PRODUCTION),
    });
  }

  it('runs the first N rows on the sandbox only, stops, then every row on production, the sandbox’s results kept', async () => {
    vi.mocked(sendRow).mockImplementation((request) =>
      Promise.resolve(answer(200, request.path.split('/').pop()!)),
    );
    signInForTest({ connection: PRODUCTION });
    startTrial(2);
    // Kept with its trial at once (never a token), and nothing sent until the sandbox is signed in and told to go.
    expect(vi.mocked(keepJob).mock.lastCall?.[0]).toMatchObject({
      connectionId: SANDBOX.id,
      trial: { rows: 2, phase: 'to-sandbox', sandbox: { id: SANDBOX.id }, production: { id: PRODUCTION.id } },
    });
    expect(JSON.stringify(vi.mocked(keepJob).mock.calls)).not.toContain(
      useSessionStore.getState().session!.token,
    );
    expect(job().progress).toBeNull();
    expect(sent()).toEqual([]);

    signInForTest({ connection: SANDBOX });
    useJobStore.getState().stepTrial('run-on-sandbox', requests);
    await ended();
    expect(sent()).toEqual(['a', 'b']);
    expect(job().progress).toMatchObject({ phase: 'finished', done: 2, total: 2 });
    expect(job().trial?.phase).toBe('on-sandbox');
    // Stopped there: nothing more goes out until the user goes on.
    await Promise.resolve();
    expect(sent()).toEqual(['a', 'b']);

    useJobStore.getState().stepTrial('go-on');
    expect(job()).toMatchObject({
      connectionId: PRODUCTION.id,
      connectionLabel: PRODUCTION.label,
      results: [],
      progress: null,
      trial: { phase: 'to-production' },
    });
    expect(job().trial?.sandboxResults.map((result) => result?.fields.UID)).toEqual(['a', 'b']);
    expect(sent()).toEqual(['a', 'b']);

    signInForTest({ connection: PRODUCTION });
    useJobStore.getState().stepTrial('run-on-production', requests);
    await ended();
    expect(sent()).toEqual(['a', 'b', 'a', 'b', 'c', 'd']);
    expect(job().results.map((result) => result?.status)).toEqual([200, 200, 200, 200]);
    expect(job().trial).toMatchObject({ phase: 'on-production', rows: 2 });
    expect(job().trial?.sandboxResults).toHaveLength(2);
  });

  it('sends nothing with a session on another connection: the row waits for a sign-in there', async () => {
    vi.mocked(sendRow).mockResolvedValue(answer(200, 'a'));
    signInForTest({ connection: PRODUCTION });
    startTrial(2);
    useJobStore.getState().stepTrial('run-on-sandbox', requests);
    await vi.waitFor(() => expect(job().progress?.pausedFor).toBe('sign-in'));
    expect(sendRow).not.toHaveBeenCalled();
    expect(job().results[0]?.message).toBe(
      `Not sent: this job runs on ${SANDBOX.label}, and the session is on another connection.`,
    );
  });

  it('goes on to production only once the sandbox’s run has ended', async () => {
    vi.mocked(sendRow).mockReturnValue(new Promise(() => {}));
    signInForTest({ connection: SANDBOX });
    startTrial(2);
    useJobStore.getState().stepTrial('run-on-sandbox', requests);
    await vi.waitFor(() => expect(sendRow).toHaveBeenCalledTimes(1));
    useJobStore.getState().stepTrial('go-on');
    expect(job().trial?.phase).toBe('on-sandbox');
    expect(job().connectionId).toBe(SANDBOX.id);
  });
});
