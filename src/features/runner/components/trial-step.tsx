import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { RequestDescription, RequestForm } from '@/features/requests/public';
import type { Connection } from '@/lib/connection';
import { REQUESTS_PATH } from '@/lib/routes';
import { useConnections } from '@/session/connections/list-connections';
import { signInAgainPathFor } from '@/session/sign-in/sign-in-paths';
import { useConnectionStore } from '@/session/stores/connection-store';
import { useJobStore, type Job } from '../run/job-store';
import { trialConnection, trialWaits, type Trial, type TrialConnection } from '../run/trial';
import { planRows } from '../rows/plan-rows';
import type { RowValues } from '../rows/read-rows';
import { ConfirmRun } from './confirm-run';

const rowsText = (count: number) => (count === 1 ? '1 row' : `${count} rows`);

/**
 * Where a job with a trial on the sandbox stands, and its next step: sign in to the sandbox, run the first rows
 * there, look at them, go on to production (signing in there), confirm and run every row. The session holds one
 * token for one connection: each step runs only on the connection signed in now.
 */
export function TrialStep({
  job,
  trial,
  connection,
  describeRow,
}: {
  job: Job;
  trial: Trial;
  /** The session's connection. */
  connection: Connection;
  describeRow: (form: RequestForm) => (row: RowValues) => RequestDescription;
}) {
  const { stepTrial, discard } = useJobStore.getState();
  const [asking, setAsking] = useState(false);
  const total = job.values.length;
  const { sandbox, production } = trial;
  const done = job.results.filter((result) => result !== undefined).length;
  // Described anew for the connection signed in now, once the job may run there.
  const runsHere = trialConnection(trial).id === connection.id && trialWaits(trial);
  const { values, form } = job;
  const planned = useMemo(
    () => (runsHere ? planRows(values, describeRow(form)) : null),
    [runsHere, values, form, describeRow],
  );
  const problem = planned && !planned.ok ? `It cannot go on: ${planned.problems.join(' ')}` : null;
  const runHere = (step: 'run-on-sandbox' | 'run-on-production') => {
    if (planned?.ok) stepTrial(step, planned.requests);
  };
  const cancelJob = (
    <Button
      variant="outlined"
      color="error"
      onClick={trial.phase === 'to-sandbox' ? discard : () => stepTrial('cancel')}
    >
      Cancel the job
    </Button>
  );
  switch (trial.phase) {
    case 'to-sandbox':
      return (
        <Step
          text={
            connection.id === sandbox.id
              ? `Signed in to ${sandbox.label}: the first ${rowsText(trial.rows)} of ${total} run here, then the job stops for a look.`
              : `The job is kept. Its first ${rowsText(trial.rows)} run on ${sandbox.label} first: sign in there.`
          }
          problem={problem}
        >
          {connection.id === sandbox.id ? (
            <Button variant="contained" disabled={!planned?.ok} onClick={() => runHere('run-on-sandbox')}>
              Run the first {rowsText(trial.rows)} on {sandbox.label}
            </Button>
          ) : (
            <SignInTo connection={sandbox} />
          )}
          {cancelJob}
        </Step>
      );
    case 'on-sandbox': {
      const phase = job.progress?.phase;
      if (phase === 'cancelled')
        return (
          <Step
            text={`Cancelled on ${sandbox.label} after ${done} of ${rowsText(trial.rows)}; nothing has run on ${production.label}.`}
          />
        );
      if (phase !== 'finished' && phase !== 'stopped') return null;
      return (
        <Step
          text={`${
            phase === 'finished'
              ? `The first ${rowsText(trial.rows)} ran on ${sandbox.label}.`
              : `The run on ${sandbox.label} stopped at an error after ${done} of ${rowsText(trial.rows)}.`
          } Look at the results below: nothing has run on ${production.label} yet.`}
        >
          <Button variant="contained" onClick={() => stepTrial('go-on')}>
            Go on on {production.label}
          </Button>
        </Step>
      );
    }
    case 'to-production': {
      const here = connection.id === production.id;
      const first = planned?.ok ? planned.shown[0] : undefined;
      return (
        <Step
          text={
            here
              ? `Signed in to ${production.label}: all ${rowsText(total)} run here once you confirm.`
              : `To run all ${rowsText(total)} on ${production.label}, sign in there.`
          }
          problem={problem}
        >
          {here ? (
            <Button variant="contained" disabled={!planned?.ok} onClick={() => setAsking(true)}>
              Run all {rowsText(total)} on {production.label}
            </Button>
          ) : (
            <SignInTo connection={production} />
          )}
          {cancelJob}
          <ConfirmRun
            open={asking}
            connection={production.label}
            operation={job.operation}
            rows={total}
            first={first}
            sandbox={null}
            onRun={() => {
              setAsking(false);
              runHere('run-on-production');
            }}
            onCancel={() => setAsking(false)}
          />
        </Step>
      );
    }
    case 'cancelled':
      return (
        <Step
          text={`Cancelled before production: the first ${rowsText(trial.rows)} ran on ${sandbox.label}; nothing ran on ${production.label}.`}
        >
          <Button variant="outlined" onClick={discard}>
            New job
          </Button>
        </Step>
      );
    case 'on-production':
      return null;
  }
}

function Step({
  text,
  problem = null,
  children,
}: {
  text: string;
  problem?: string | null;
  children?: ReactNode;
}) {
  return (
    <Alert severity={problem ? 'error' : 'info'} aria-label="Sandbox first">
      {text}
      {problem && ` ${problem}`}
      {children && <Box sx={{ mt: 1, display: 'flex', gap: 1, flexWrap: 'wrap' }}>{children}</Box>}
    </Alert>
  );
}

/** Switches to a connection and opens the sign-in form for it; the job (and its rows) wait in the store. */
function SignInTo({ connection }: { connection: TrialConnection }) {
  const navigate = useNavigate();
  const { data } = useConnections();
  const offered = data?.find((c) => c.id === connection.id);
  return (
    <Button
      variant="contained"
      disabled={!offered}
      onClick={() => {
        if (!offered) return;
        useConnectionStore.getState().select(offered);
        // The password form, as "sign in again" opens it: the session stays until the new sign-in succeeds.
        void navigate(signInAgainPathFor(REQUESTS_PATH, 'password'));
      }}
    >
      Sign in to {connection.label}
    </Button>
  );
}
