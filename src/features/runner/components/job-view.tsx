import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { DescribeContext, RequestDescription, RequestForm } from '@/features/requests/public';
import type { Connection } from '@/lib/connection';
import { useJobStore, type Job } from '../run/job-store';
import { ExportJob } from './export-job';
import { ResultsTable } from './results-table';
import { RunProgressBar } from './run-progress';
import { TrialStep } from './trial-step';
import { trialWaits } from '../run/trial';
import type { RowValues } from '../rows/read-rows';

/** A job under way or ended: its progress, its controls, and its results. */
export function JobView({
  job,
  connection,
  context,
  describeRow,
}: {
  job: Job;
  connection: Connection;
  /** The organization's variables, for an export: filled into the script, each column left to the CSV. */
  context: DescribeContext;
  /** A row's request on the connection signed in now (a trial's steps describe the rows anew). */
  describeRow: (form: RequestForm) => (row: RowValues) => RequestDescription;
}) {
  const { pause, resume, cancel, rerunFailed, discard } = useJobStore.getState();
  const progress = job.progress;
  const phase = progress?.phase ?? 'running';
  const ended = phase === 'finished' || phase === 'stopped' || phase === 'cancelled';
  const elsewhere = job.connectionId !== connection.id;
  const failed = job.results.filter((result) => result !== undefined && !result.ok).length;
  const { trial, values } = job;
  const onSandbox = trial?.phase === 'on-sandbox';
  const trialRows = trial?.rows ?? 0;
  // The sandbox's rows are the first ones: its tables show those only.
  const sandboxValues = useMemo(() => values.slice(0, trialRows), [values, trialRows]);
  const sandboxTable = trial && trial.sandboxResults.length > 0 && (
    <Box component="section" aria-label="Sandbox results">
      <ResultsTable
        label={`Sandbox results (${trial.sandbox.label})`}
        job={{
          ...job,
          values: sandboxValues,
          results: trial.sandboxResults.map((result) => result ?? undefined),
        }}
      />
    </Box>
  );
  const heading = (
    <Typography>
      <Box component="span" sx={{ fontFamily: 'monospace' }}>
        {job.operation}
      </Box>{' '}
      over {values.length} {values.length === 1 ? 'row' : 'rows'} on{' '}
      {trial
        ? `${trial.production.label}, the first ${trial.rows} on ${trial.sandbox.label} first`
        : job.connectionLabel}
    </Typography>
  );
  const step = trial && (
    <TrialStep job={job} trial={trial} connection={connection} describeRow={describeRow} />
  );
  if (trial && trialWaits(trial))
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {heading}
        {step}
        {sandboxTable}
      </Box>
    );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {heading}
      {progress && <RunProgressBar progress={progress} />}
      {step}
      {elsewhere && !ended && (
        <Typography color="error" role="alert">
          This job runs on {job.connectionLabel}: sign in there to go on with it.
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {!ended && phase !== 'paused' && (
          <Button variant="outlined" onClick={pause}>
            Pause
          </Button>
        )}
        {phase === 'paused' && (
          <Button variant="contained" onClick={resume} disabled={elsewhere}>
            Resume
          </Button>
        )}
        {!ended && (
          <Button variant="outlined" color="error" onClick={cancel}>
            Cancel
          </Button>
        )}
        {ended && failed > 0 && (
          <Button variant="contained" onClick={rerunFailed} disabled={elsewhere}>
            Run the {failed === 1 ? 'failed row' : `${failed} failed rows`} again
          </Button>
        )}
        {ended && (
          <Button variant="outlined" onClick={discard}>
            New job
          </Button>
        )}
      </Box>
      {sandboxTable}
      <ResultsTable
        job={onSandbox ? { ...job, values: sandboxValues } : job}
        label={onSandbox ? `Sandbox results (${trial.sandbox.label})` : 'Results'}
        actions={(fields) =>
          elsewhere || onSandbox ? null : (
            <ExportJob job={job} context={context} connection={connection} answerFields={fields} />
          )
        }
      />
    </Box>
  );
}
