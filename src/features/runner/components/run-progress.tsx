import { SIGN_OUT_MESSAGES } from '@/session/sign-in/sign-out-messages';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useNow } from '@/session/lifecycle/ticker';
import type { RunProgress } from '../run/run-job';

/** A duration in words: `45 s`, `3 min 5 s`. */
function duration(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
}

const PHASES: Record<RunProgress['phase'], string> = {
  running: 'Running',
  waiting: 'Waiting for the rate limit',
  paused: 'Paused',
  cancelled: 'Cancelled',
  stopped: 'Stopped at the first error',
  finished: 'Done',
};

/** The job's progress: done of total, the current wait counting down, and the time left from the limit. */
export function RunProgressBar({ progress }: { progress: RunProgress }) {
  const waiting = progress.waitUntil !== null;
  const now = useNow(waiting);
  const percent = progress.total === 0 ? 100 : (progress.done / progress.total) * 100;
  const phase =
    progress.phase === 'paused' && progress.pausedFor === 'sign-in'
      ? `Paused. ${SIGN_OUT_MESSAGES.ended} The job goes on once you are signed in on this connection.`
      : PHASES[progress.phase];
  return (
    <Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label="Rows done"
        sx={{ height: 8, borderRadius: 1 }}
      />
      <Box role="status" sx={{ mt: 1, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2">
          {progress.done} of {progress.total} rows done
        </Typography>
        <Typography variant="body2">{phase}</Typography>
        {waiting && (
          <Typography variant="body2">
            Next call in {duration(progress.waitUntil! - now)} (at{' '}
            {new Date(progress.waitUntil!).toLocaleTimeString()})
          </Typography>
        )}
        {progress.done < progress.total && (
          <Typography variant="body2">About {duration(progress.timeLeftMs)} left</Typography>
        )}
        {progress.refusals > 0 && (
          <Typography variant="body2">
            {progress.refusals} {progress.refusals === 1 ? '429' : '429s'} met (the row waited and went again)
          </Typography>
        )}
      </Box>
    </Box>
  );
}
