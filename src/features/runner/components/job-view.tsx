import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { DescribeContext } from '@/features/requests/public';
import type { Connection } from '@/lib/connection';
import { useJobStore, type Job } from '../run/job-store';
import { ExportJob } from './export-job';
import { ResultsTable } from './results-table';
import { RunProgressBar } from './run-progress';

/** A job under way or ended: its progress, its controls, and its results. */
export function JobView({
  job,
  connection,
  context,
}: {
  job: Job;
  connection: Connection;
  /** The organization's variables, for an export: filled into the script, each column left to the CSV. */
  context: DescribeContext;
}) {
  const { pause, resume, cancel, rerunFailed, discard } = useJobStore.getState();
  const progress = job.progress;
  const phase = progress?.phase ?? 'running';
  const ended = phase === 'finished' || phase === 'stopped' || phase === 'cancelled';
  const elsewhere = job.connectionId !== connection.id;
  const failed = job.results.filter((result) => result !== undefined && !result.ok).length;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography>
        <Box component="span" sx={{ fontFamily: 'monospace' }}>
          {job.operation}
        </Box>{' '}
        over {job.values.length} {job.values.length === 1 ? 'row' : 'rows'} on {job.connectionLabel}
      </Typography>
      {progress && <RunProgressBar progress={progress} />}
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
      <ResultsTable
        job={job}
        actions={(fields) =>
          elsewhere ? null : (
            <ExportJob job={job} context={context} connection={connection} answerFields={fields} />
          )
        }
      />
    </Box>
  );
}
