import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuiltRequest, RequestForm } from '@/features/requests/public';
import { useJobStore } from './job-store';
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
  });
}

const ended = () => vi.waitFor(() => expect(useJobStore.getState().job?.progress?.phase).toBe('finished'));

beforeEach(() => {
  useJobStore.getState().discard();
  vi.mocked(sendRow).mockReset();
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
