import { connectionKind } from '@/lib/connection-kind';
import type { Connection } from '@/lib/connection';
import type { RowResult } from './row-result';

/** A connection a trial names: kept in the job (its id to match the session's, its label to say it). */
export interface TrialConnection {
  id: string;
  label: string;
}

/**
 * Where a production job with a trial stands:
 * - `to-sandbox`: kept, waiting for a sign-in on the sandbox and the go to run the first rows there;
 * - `on-sandbox`: the first rows run (or ran) on the sandbox; once that run ends, the job stops for a look;
 * - `to-production`: looked at; waiting for a sign-in on production and its confirmation;
 * - `on-production`: every row runs on production, the sandbox's results kept beside;
 * - `cancelled`: cancelled before production; nothing ran there.
 */
type TrialPhase = 'to-sandbox' | 'on-sandbox' | 'to-production' | 'on-production' | 'cancelled';

/** The first rows of a production job run on the organization's sandbox first. Holds no token. */
export interface Trial {
  /** How many of the first rows run on the sandbox. */
  rows: number;
  sandbox: TrialConnection;
  production: TrialConnection;
  phase: TrialPhase;
  /** What the first rows came to on the sandbox, once the job has gone on to production. */
  sandboxResults: (RowResult | null)[];
}

/** How many rows a trial offers to run on the sandbox, unless the job has fewer. */
const DEFAULT_TRIAL_ROWS = 5;

export const defaultTrialRows = (total: number) => String(Math.min(DEFAULT_TRIAL_ROWS, total));

/** The number of rows to run on the sandbox, as typed: a whole number from 1 to the job's rows. */
export function readTrialRows(
  text: string,
  total: number,
): { ok: true; rows: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  const rows = /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : NaN;
  if (rows >= 1 && rows <= total) return { ok: true, rows };
  return {
    ok: false,
    message:
      total === 1
        ? 'The job has 1 row: enter 1.'
        : `Enter a whole number of rows from 1 to ${total}, the job’s rows.`,
  };
}

/** The sandbox of a production connection's organization that this server offers, or null (none, or not production). */
export function organizationSandbox(
  connections: readonly Connection[],
  production: Connection,
): Connection | null {
  if (connectionKind(production) !== 'production') return null;
  return (
    connections.find((c) => c.organization === production.organization && connectionKind(c) === 'sandbox') ??
    null
  );
}

export function newTrial(rows: number, sandbox: Connection, production: Connection): Trial {
  return {
    rows,
    sandbox: { id: sandbox.id, label: sandbox.label },
    production: { id: production.id, label: production.label },
    phase: 'to-sandbox',
    sandboxResults: [],
  };
}

/** The connection the job's rows go to, or wait for, at the trial's phase. */
export function trialConnection(trial: Trial): TrialConnection {
  return trial.phase === 'to-sandbox' || trial.phase === 'on-sandbox' ? trial.sandbox : trial.production;
}

/** Whether the job waits for the user (a sign-in, a go, a confirmation) and runs nothing. */
export const trialWaits = (trial: Trial) => trial.phase !== 'on-sandbox' && trial.phase !== 'on-production';

/** The rows a phase runs, by index: the first `rows` on the sandbox, every row on production, none while it waits. */
export function trialQueue(trial: Trial, total: number): number[] {
  const count = trial.phase === 'on-sandbox' ? trial.rows : trial.phase === 'on-production' ? total : 0;
  return Array.from({ length: count }, (_, index) => index);
}

export type TrialStep =
  /** The sandbox signed in: the first rows go there. */
  | { kind: 'run-on-sandbox' }
  /** The sandbox's run ended (`ended`: finished, or stopped at an error) and was looked at: its results kept, the job turns to production. */
  | { kind: 'go-on'; ended: boolean; sandboxResults: readonly (RowResult | null | undefined)[] }
  /** Production signed in and confirmed: every row goes there. */
  | { kind: 'run-on-production' }
  | { kind: 'cancel' };

/** The trial after a step, or null when the step does not belong to its phase (nothing changes then). */
export function stepTrial(trial: Trial, step: TrialStep): Trial | null {
  switch (step.kind) {
    case 'run-on-sandbox':
      return trial.phase === 'to-sandbox' ? { ...trial, phase: 'on-sandbox' } : null;
    case 'go-on':
      return trial.phase === 'on-sandbox' && step.ended
        ? {
            ...trial,
            phase: 'to-production',
            sandboxResults: Array.from({ length: trial.rows }, (_, i) => step.sandboxResults[i] ?? null),
          }
        : null;
    case 'run-on-production':
      return trial.phase === 'to-production' ? { ...trial, phase: 'on-production' } : null;
    case 'cancel':
      return trial.phase === 'on-production' ? null : { ...trial, phase: 'cancelled' };
  }
}

/** A trial read back from the browser's storage, or null when it is not one this version wrote. */
export function parseTrial(value: unknown): Trial | null {
  if (typeof value !== 'object' || value === null) return null;
  const t = value as Partial<Trial>;
  const named = (c: unknown): c is TrialConnection =>
    typeof c === 'object' &&
    c !== null &&
    typeof (c as TrialConnection).id === 'string' &&
    typeof (c as TrialConnection).label === 'string';
  const phases: readonly TrialPhase[] = [
    'to-sandbox',
    'on-sandbox',
    'to-production',
    'on-production',
    'cancelled',
  ];
  return typeof t.rows === 'number' &&
    Number.isInteger(t.rows) &&
    t.rows >= 1 &&
    named(t.sandbox) &&
    named(t.production) &&
    phases.includes(t.phase as TrialPhase) &&
    Array.isArray(t.sandboxResults)
    ? (t as Trial)
    : null;
}
