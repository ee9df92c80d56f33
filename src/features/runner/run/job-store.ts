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
import { stepTrial, trialConnection, trialQueue, trialWaits, type Trial, type TrialStep } from './trial';

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
  /** Its first rows on the organization's sandbox first, when chosen in the production confirmation; else null. */
  trial: Trial | null;
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
  /**
   * Moves the job's trial on a step; a step that runs rows takes their requests, described anew for the connection
   * signed in now (the sandbox's, then production's).
   */
  stepTrial: (step: TrialStep['kind'], requests?: BuiltRequest[]) => void;
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
    trial: job.trial,
  });
}

/** The rows a job runs: every row, or the ones its trial's phase runs. */
const queueOf = (job: Pick<Job, 'trial' | 'values'>) =>
  job.trial ? trialQueue(job.trial, job.values.length) : job.values.map((_, index) => index);

/** A session on another connection than the job's (signed in elsewhere meanwhile) sends none of its rows. */
function sendsElsewhere(job: Job): boolean {
  const here = useSessionStore.getState().session?.connection.id;
  return here !== undefined && here !== job.connectionId;
}

export const useJobStore = create<JobState>()((set, get) => {
  function run(queue: number[]) {
    const job = get().job;
    if (!job || queue.length === 0) return;
    const first = job.requests[queue[0]!]!;
    control = runJob({
      queue,
      send: (index) =>
        sendsElsewhere(job)
          ? Promise.resolve({
              kind: 'failed',
              message: `Not sent: this job runs on ${job.connectionLabel}, and the session is on another connection.`,
              signedOut: true,
            })
          : sendRow(job.requests[index]!),
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
      if (spec.trial) keep(get().job!, true);
      run(queueOf(spec));
    },
    restore(kept, requests) {
      control?.cancel();
      const results = kept.results.map((result) => result ?? undefined);
      const trial = kept.trial ?? null;
      const rows = queueOf({ trial, values: kept.values });
      const queue = rows.filter((index) => results[index] === undefined);
      const ended: RunProgress = {
        phase: 'finished',
        done: rows.length,
        total: rows.length,
        waitUntil: null,
        timeLeftMs: 0,
        pausedFor: null,
        refusals: 0,
      };
      set({
        job: {
          ...kept,
          trial,
          keepable: true,
          requests,
          results,
          progress: queue.length > 0 || (trial && trialWaits(trial)) ? null : ended,
          version: 0,
        },
      });
      run(queue);
    },
    stepTrial(kind, requests) {
      const job = get().job;
      if (!job?.trial) return;
      const phase = job.progress?.phase;
      const step: TrialStep =
        kind === 'go-on'
          ? { kind, ended: phase === 'finished' || phase === 'stopped', sandboxResults: job.results }
          : { kind };
      const trial = stepTrial(job.trial, step);
      if (!trial) return;
      control?.cancel();
      control = null;
      const at = trialConnection(trial);
      const next: Job = {
        ...job,
        trial,
        connectionId: at.id,
        connectionLabel: at.label,
        requests: requests ?? job.requests,
        // Each connection's rows start with no results: the sandbox's are kept in the trial.
        results: step.kind === 'cancel' ? job.results : [],
        progress: null,
        version: job.version + 1,
      };
      set({ job: next });
      keep(next, true);
      run(queueOf(next));
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
