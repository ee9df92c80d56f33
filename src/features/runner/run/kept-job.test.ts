import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { forgetKeptJob, keepJob, keptJob, mayKeep, type KeptJob } from './kept-job';

const job: KeptJob = {
  connectionId: 'emulator',
  connectionLabel: 'This server',
  operation: 'GET people/{uid}',
  form: { method: 'GET', path: 'people/{uid}', pathValues: { uid: '{{uid}}' }, query: [], body: '' },
  columns: ['uid'],
  values: [{ uid: 'u1' }, { uid: 'u2' }],
  results: [{ ok: true, status: 200, ms: 3, message: '', fields: { UID: 'u1' }, retried: false }, null],
  stopOnError: false,
  trial: null,
};

describe('the kept job', () => {
  it('is kept in IndexedDB, read back whole, and forgotten', async () => {
    expect(await keptJob()).toBeNull();
    await keepJob(job);
    expect(await keptJob()).toEqual(job);
    await forgetKeptJob();
    expect(await keptJob()).toBeNull();
  });

  it('keeps its trial on the sandbox, and is not offered when its trial cannot be read', async () => {
    const trial = {
      rows: 1,
      sandbox: { id: 'acme-sb', label: 'Acme (sandbox)' },
      production: { id: 'acme', label: 'Acme' },
      phase: 'to-production' as const,
      sandboxResults: [job.results[0]!],
    };
    await keepJob({ ...job, trial });
    expect(await keptJob()).toEqual({ ...job, trial });
    // A trial this version cannot read might send its rows to production unasked.
    await keepJob({ ...job, trial: { ...trial, phase: 'somewhere' } as unknown as typeof trial });
    expect(await keptJob()).toBeNull();
    await forgetKeptJob();
  });

  it('is never one with a secret: a masked form, or a column named as a secret', () => {
    expect(mayKeep(false, ['uid'])).toBe(true);
    expect(mayKeep(true, ['uid'])).toBe(false);
    expect(mayKeep(false, ['uid', 'Password'])).toBe(false);
  });
});
