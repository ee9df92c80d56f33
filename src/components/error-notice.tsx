import { useId, useState, type ReactNode, type Ref } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { AnswerDetails } from '@/lib/api-errors';

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
    <Alert severity="error" role="none" sx={{ mb: 2 }} action={action}>
      {/* Focusable from script: after a failed submit with no invalid field, focus lands here. */}
      <div role="alert" tabIndex={-1} ref={ref}>
        {message}
      </div>
      {details && (
        <Box sx={{ mt: 1 }}>
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
            <Box
              component="dl"
              id={id}
              sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2 }}
            >
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
