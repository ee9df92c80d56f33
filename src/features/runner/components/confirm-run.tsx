import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { BuiltRequest } from '@/features/requests/public';

/**
 * Asks once before a job runs on a tenant's production connection: the connection, the operation, the number of
 * rows and the first body (masked, as shown). Cancel (or Escape) sends nothing.
 */
export function ConfirmRun({
  open,
  connection,
  operation,
  rows,
  first,
  onRun,
  onCancel,
}: {
  open: boolean;
  connection: string;
  operation: string;
  rows: number;
  /** The first row's request as it may be shown. */
  first: BuiltRequest | undefined;
  onRun: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const facts: [string, string][] = [
    ['Connection', connection],
    ['Operation', operation],
    ['Rows', String(rows)],
    ['First request', first ? `${first.method} ${first.path}` : ''],
  ];
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>
        Run {rows === 1 ? '1 row' : `${rows} rows`} on this connection?
      </DialogTitle>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button variant="contained" onClick={onRun}>
          Run {rows === 1 ? '1 row' : `${rows} rows`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
