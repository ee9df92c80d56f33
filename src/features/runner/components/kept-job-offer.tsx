import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { RequestDescription, RequestForm } from '@/features/requests/public';
import type { Connection } from '@/lib/connection';
import { useJobStore } from '../run/job-store';
import { forgetKeptJob, keptJob, type KeptJob } from '../run/kept-job';
import { trialWaits } from '../run/trial';
import { planRows } from '../rows/plan-rows';
import type { RowValues } from '../rows/read-rows';

/** After a reload (or a tab opened again), the job the browser kept: go on with it from its rows not done, or drop it. */
export function KeptJobOffer({
  connection,
  describeRow,
}: {
  connection: Connection;
  describeRow: (form: RequestForm) => (row: RowValues) => RequestDescription;
}) {
  const restore = useJobStore((s) => s.restore);
  const [kept, setKept] = useState<KeptJob | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    keptJob().then(
      (job) => live && setKept(job),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  if (!kept) return null;
  const done = kept.results.filter((result) => result !== null).length;
  // A trial waiting for a sign-in or a go runs nothing: it is taken back on any connection, to show its next step.
  const waits = kept.trial !== null && trialWaits(kept.trial);
  const elsewhere = !waits && kept.connectionId !== connection.id;
  function goOn() {
    if (!kept) return;
    if (waits) return restore(kept, []);
    const plan = planRows(kept.values, describeRow(kept.form));
    if (!plan.ok) setProblem(plan.problems.join(' '));
    else restore(kept, plan.requests);
  }
  function drop() {
    setKept(null);
    void forgetKeptJob();
  }
  return (
    <Alert severity="info" aria-label="Job kept from before">
      A job kept from before:{' '}
      <Box component="span" sx={{ fontFamily: 'monospace' }}>
        {kept.operation}
      </Box>{' '}
      over {kept.values.length} rows on {kept.connectionLabel}, {done} of {kept.values.length} done.
      {kept.trial &&
        ` Its first ${kept.trial.rows} rows run on ${kept.trial.sandbox.label} first, then all on ${kept.trial.production.label}.`}
      {elsewhere && ` Sign in on ${kept.connectionLabel} to go on with it.`}
      {problem && ` It cannot go on: ${problem}`}
      <Box sx={{ mt: 1, display: 'flex', gap: 1 }}>
        <Button variant="contained" size="small" onClick={goOn} disabled={elsewhere}>
          Go on with it
        </Button>
        <Button variant="outlined" size="small" onClick={drop}>
          Discard
        </Button>
      </Box>
    </Alert>
  );
}
