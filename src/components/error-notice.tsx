import { useId, useState, type ReactNode, type Ref } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { AnswerDetails } from '@/lib/api-errors';

/**
 * Each label over its value where the notice is narrow (beside it, a label as long as X-RateLimit-Remaining would
 * leave its value a few characters a line), beside it where there is room for both.
 */
const DETAILS_LIST = {
  m: 0,
  mt: 1,
  display: 'grid',
  gridTemplateColumns: '1fr',
  '& dd': { mb: 1 },
  '@container (min-width: 30rem)': { gridTemplateColumns: 'auto 1fr', columnGap: 2, '& dd': { mb: 0 } },
} as const;

function detailRows(details: AnswerDetails): [string, string][] {
  const at = new Date(details.receivedAt);
  return [
    ['Call', details.rateMethod],
    ['HTTP status', String(details.status)],
    ['Error code', details.code ?? '(none)'],
    ['Time', `${at.toISOString()} (${at.toLocaleString()} local)`],
    ...details.rateLimitHeaders,
  ];
}

/**
 * A failure in plain words, and on request the answer behind it (status, error code, time, rate-limit headers),
 * so an administrator can report it or compare it with what a script sees.
 */
export function ErrorNotice({
  message,
  details,
  action,
  ref,
}: {
  message: ReactNode;
  details?: AnswerDetails | null;
  action?: ReactNode;
  ref?: Ref<HTMLDivElement>;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    // The alert is the sentence alone: that is what is announced, and the disclosure stays out of it.
    // Its message takes the whole width: the details within are laid out by the room they have, not by the
    // sentence's length.
    <Alert
      severity="error"
      role="none"
      sx={{ mb: 2, '& .MuiAlert-message': { flexGrow: 1, minWidth: 0 } }}
      action={action}
    >
      {/* Focusable from script: after a failed submit with no invalid field, focus lands here. */}
      <div role="alert" tabIndex={-1} ref={ref}>
        {message}
      </div>
      {details && (
        // Measured by its own width, not the window's: a notice sits in narrow cards on wide screens too.
        <Box sx={{ mt: 1, containerType: 'inline-size' }}>
          <Button
            size="small"
            color="inherit"
            aria-expanded={open}
            aria-controls={id}
            onClick={() => setOpen((o) => !o)}
            sx={{ p: 0, minWidth: 0, textDecoration: 'underline' }}
          >
            {open ? 'Hide details' : 'Show details'}
          </Button>
          {open && (
            <Box component="dl" id={id} sx={DETAILS_LIST}>
              {detailRows(details).map(([name, value]) => (
                <Box key={name} sx={{ display: 'contents' }}>
                  <Box component="dt" sx={{ fontWeight: 600 }}>
                    {name}
                  </Box>
                  <Box component="dd" sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                    {value}
                  </Box>
                </Box>
              ))}
            </Box>
          )}
        </Box>
      )}
    </Alert>
  );
}
