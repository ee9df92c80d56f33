import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { BuiltRequest } from '@/features/requests/public';
import { defaultTrialRows, readTrialRows } from '../run/trial';
import { TrialOption } from './trial-option';

interface ConfirmRunProps {
  open: boolean;
  connection: string;
  operation: string;
  rows: number;
  /** The first row's request as it may be shown. */
  first: BuiltRequest | undefined;
  /** The label of the organization's sandbox, when the job may run its first rows there first; else null. */
  sandbox: string | null;
  /** `trialRows`: how many of the first rows go to the sandbox first, or null to run on this connection now. */
  onRun: (trialRows: number | null) => void;
  onCancel: () => void;
}

/**
 * Asks once before a job runs on a tenant's production connection: the connection, the operation, the number of
 * rows and the first body (masked, as shown). Cancel (or Escape) sends nothing. When the organization has a
 * sandbox on offer, an option (off unless chosen) runs the first rows there first.
 */
export function ConfirmRun(props: ConfirmRunProps) {
  const id = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.onCancel}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      {/* Drawn only while open: each confirmation starts with the option off. */}
      <ConfirmRunContent {...props} id={id} />
    </Dialog>
  );
}

function ConfirmRunContent({
  id,
  connection,
  operation,
  rows,
  first,
  sandbox,
  onRun,
  onCancel,
}: ConfirmRunProps & { id: string }) {
  const [trial, setTrial] = useState({ chosen: false, rows: defaultTrialRows(rows) });
  const trialRows = readTrialRows(trial.rows, rows);
  const onSandbox = sandbox !== null && trial.chosen;
  const facts: [string, string][] = [
    ['Connection', connection],
    ['Operation', operation],
    ['Rows', String(rows)],
    ['First request', first ? `${first.method} ${first.path}` : ''],
  ];
  const runs = rows === 1 ? '1 row' : `${rows} rows`;
  return (
    <>
      <DialogTitle id={`${id}-title`}>Run {runs} on this connection?</DialogTitle>
      <DialogContent>
        <Typography id={`${id}-text`} gutterBottom>
          This connection is production: each row is a call to its real data.
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2 }}>
          {facts.map(([term, value]) => (
            <Box key={term} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ fontWeight: 600 }}>
                {term}
              </Box>
              <Box component="dd" sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {value}
              </Box>
            </Box>
          ))}
        </Box>
        {first?.bodyText !== undefined && (
          <Box
            component="pre"
            aria-label="First body"
            sx={{ mt: 1, mb: 0, maxHeight: 200, overflow: 'auto', fontSize: 13, whiteSpace: 'pre-wrap' }}
          >
            {first.bodyText}
          </Box>
        )}
        {sandbox !== null && (
          <TrialOption
            sandbox={sandbox}
            chosen={trial.chosen}
            rows={trial.rows}
            problem={trialRows.ok ? null : trialRows.message}
            onChange={setTrial}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={onSandbox && !trialRows.ok}
          onClick={() => onRun(onSandbox && trialRows.ok ? trialRows.rows : null)}
        >
          {onSandbox ? 'Run on the sandbox first' : `Run ${runs}`}
        </Button>
      </DialogActions>
    </>
  );
}
