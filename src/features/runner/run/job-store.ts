import { create } from 'zustand';
import { now } from '@/lib/clock';
import type { BuiltRequest, RequestForm } from '@/features/requests/public';
import { useSessionStore } from '@/session/stores/session-store';
import { createPacer } from '../pacing/pacer';
import { documentedLimitOf } from '../pacing/documented-limit';
import type { RowValues } from '../rows/read-rows';
import { forgetKeptJob, keepJob, type KeptJob } from './kept-job';
import type { RowResult } from './row-result';
import { runJob, timerClock, type RunControl, type RunProgress } from './run-job';
import { sendRow } from './send-row';

/** A job of the runner: its rows, each row's request, and what the rows came to. Never a token. */
export interface Job {
  /** The connection it runs on: it goes on there only (a new sign-in elsewhere does not carry it over). */
  connectionId: string;
  connectionLabel: string;
  /** The operation, as the form names it: `GET people/{uid}`. */
  operation: string;
  /** The form as written, each `{{name}}` unfilled: what a job kept in the browser is described from again. */
  form: RequestForm;
  /** Whether the browser may keep it (it holds no secret value). */
  keepable: boolean;
  columns: string[];
  values: RowValues[];
  requests: BuiltRequest[];
  /** By row; written in place as rows end (`version` counts the writes, for drawing). */
  results: (RowResult | undefined)[];
  stopOnError: boolean;
  progress: RunProgress | null;
  version: number;
}

type JobSpec = Omit<Job, 'results' | 'progress' | 'version'>;

interface JobState {
  job: Job | null;
  start: (spec: JobSpec) => void;
  /** Goes on with a job kept in the browser, from its rows not done, each row's request described anew. */
  restore: (kept: KeptJob, requests: BuiltRequest[]) => void;
  pause: () => void;
  resume: () => void;
  cancel: () => void;
  /** Sends the rows that failed once more (the others keep their results). */
  rerunFailed: () => void;
  discard: () => void;
}

/** How often a running job is written to the browser's storage, at most (and at each pause and end). */
const KEEP_EVERY_MS = 2000;

let control: RunControl | null = null;
let keptAt = 0;

function keep(job: Job, force: boolean) {
  if (!job.keepable || (!force && now() - keptAt < KEEP_EVERY_MS)) return;
  keptAt = now();
  void keepJob({
    connectionId: job.connectionId,
    connectionLabel: job.connectionLabel,
    operation: job.operation,
    form: job.form,
    columns: job.columns,
    values: job.values,
    results: job.results.map((result) => result ?? null),
    stopOnError: job.stopOnError,
  });
}

export const useJobStore = create<JobState>()((set, get) => {
  function run(queue: number[]) {
    const job = get().job;
    if (!job || queue.length === 0) return;
    const first = job.requests[queue[0]!]!;
    control = runJob({
      queue,
      send: (index) => sendRow(job.requests[index]!),
      pacer: createPacer(documentedLimitOf(first.method, first.path)),
      clock: timerClock(now),
      stopOnError: job.stopOnError,
      results: job.results,
      onChange: (progress) => {
        const current = get().job;
        if (current?.results !== job.results) return;
        const next = { ...current, progress, version: current.version + 1 };
        set({ job: next });
        keep(next, progress.phase !== 'running' && progress.phase !== 'waiting');
      },
    });
  }
  return {
    job: null,
    start(spec) {
      control?.cancel();
      set({ job: { ...spec, results: [], progress: null, version: 0 } });
      run(spec.requests.map((_, index) => index));
    },
    restore(kept, requests) {
      control?.cancel();
      const results = kept.results.map((result) => result ?? undefined);
      const queue = requests.flatMap((_, index) => (results[index] === undefined ? [index] : []));
      const ended: RunProgress = {
        phase: 'finished',
        done: results.length,
        total: results.length,
        waitUntil: null,
        timeLeftMs: 0,
        pausedFor: null,
        refusals: 0,
      };
      set({
        job: {
          ...kept,
          keepable: true,
          requests,
          results,
          progress: queue.length > 0 ? null : ended,
          version: 0,
        },
      });
      run(queue);
    },
    pause: () => control?.pause(),
    resume: () => control?.resume(),
    cancel: () => control?.cancel(),
    rerunFailed() {
      const job = get().job;
      if (!job) return;
      run(job.results.flatMap((result, index) => (result && !result.ok ? [index] : [])));
    },
    discard() {
      control?.cancel();
      control = null;
      set({ job: null });
      void forgetKeptJob();
    },
  };
});

/**
 * Signing out (here or in another tab) cancels and forgets the job, in the browser's storage too: the next person at
 * this browser does not see it. An expired or ended session keeps it, paused, so that signing in again goes on.
 */
export function forgetJobOnSignOut(): () => void {
  return useSessionStore.subscribe((state, previous) => {
    if (!previous.session || state.session) return;
    if (state.lastSignOut === 'user' || state.lastSignOut === 'other-tab') useJobStore.getState().discard();
  });
}
