import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { ConnectionKindChip } from '@/components/connection-kind-chip';
import type { Connection } from '@/lib/connection';
import { bodyPreview } from '../sending/body-preview';
import type { AskedRequest } from '../sending/use-sending';

const TERM = { fontWeight: 600 } as const;
const DEFINITION = { m: 0, overflowWrap: 'anywhere', minWidth: 0 } as const;

function BodyLines({ text }: { text: string }) {
  const { lines, more } = bodyPreview(text);
  return (
    <>
      <Box
        component="pre"
        sx={{ m: 0, fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {lines.join('\n')}
      </Box>
      {more > 0 && (
        <Typography variant="body2" color="text.secondary">
          …and {more} more {more === 1 ? 'line' : 'lines'}
        </Typography>
      )}
    </>
  );
}

/**
 * Asks before a write goes to a tenant's production connection, naming the connection, the request, what its
 * operation does and the body it sends (its first lines, secrets masked as everywhere they are shown). Cancel (or
 * Escape) sends nothing; "don't ask again" holds for this connection and session.
 */
export function ConfirmWrite({
  asked,
  connection,
  onSend,
  onCancel,
}: {
  /** The write waiting for an answer; null when nothing is asked. */
  asked: AskedRequest | null;
  connection: Connection;
  onSend: (dontAskAgain: boolean) => void;
  onCancel: () => void;
}) {
  const [dontAsk, setDontAsk] = useState(false);
  // The request stays named while the dialog closes.
  const [shown, setShown] = useState(asked);
  if (asked !== null && asked !== shown) setShown(asked);
  const id = useId();
  const request = shown?.shown;
  return (
    <Dialog
      open={asked !== null}
      onClose={onCancel}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      slotProps={{ transition: { onExited: () => setDontAsk(false) } }}
    >
      <DialogTitle id={`${id}-title`}>Send this {request?.method}?</DialogTitle>
      <DialogContent>
        <Typography id={`${id}-text`} gutterBottom>
          This connection is production: the request can change its data.
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: 0.5, columnGap: 2 }}
        >
          <Box component="dt" sx={TERM}>
            Connection
          </Box>
          <Box component="dd" sx={DEFINITION}>
            <ConnectionKindChip connection={connection} /> {connection.label}
          </Box>
          <Box component="dt" sx={TERM}>
            Request
          </Box>
          <Box component="dd" sx={{ ...DEFINITION, fontFamily: 'monospace' }}>
            {request && `${request.method} ${request.path}`}
          </Box>
          <Box component="dt" sx={TERM}>
            Operation
          </Box>
          <Box component="dd" sx={DEFINITION}>
            {shown?.operation
              ? shown.operation.summary
              : 'Not in the catalog: any method but GET is taken to change data.'}
          </Box>
          <Box component="dt" sx={TERM}>
            Body
          </Box>
          <Box component="dd" sx={DEFINITION}>
            {request?.bodyText ? <BodyLines text={request.bodyText} /> : 'None'}
          </Box>
        </Box>
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={dontAsk} onChange={(e) => setDontAsk(e.target.checked)} />}
          label="Don’t ask again for this connection in this session"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => onSend(dontAsk)}>
          Send {request?.method}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
