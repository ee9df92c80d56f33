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
import type { BuiltRequest } from '../form/request-form';

/**
 * Asks before a write (POST, PUT, PATCH, DELETE) goes to a connection that is not a sandbox, naming the connection
 * and the request. Cancel (or Escape) sends nothing; "don't ask again" holds for this connection and session.
 */
export function ConfirmWrite({
  request,
  connection,
  onSend,
  onCancel,
}: {
  /** The request waiting for an answer; null when nothing is asked. */
  request: BuiltRequest | null;
  /** The connection's label, shown on a line of its own. */
  connection: string;
  onSend: (dontAskAgain: boolean) => void;
  onCancel: () => void;
}) {
  const [dontAsk, setDontAsk] = useState(false);
  // The request stays named while the dialog closes.
  const [shown, setShown] = useState(request);
  if (request !== null && request !== shown) setShown(request);
  const id = useId();
  return (
    <Dialog
      open={request !== null}
      onClose={onCancel}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      slotProps={{ transition: { onExited: () => setDontAsk(false) } }}
    >
      <DialogTitle id={`${id}-title`}>Send this {shown?.method}?</DialogTitle>
      <DialogContent>
        <Typography id={`${id}-text`} gutterBottom>
          This connection is not a sandbox: the request can change its data.
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2 }}>
          <Box component="dt" sx={{ fontWeight: 600 }}>
            Connection
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {connection}
          </Box>
          <Box component="dt" sx={{ fontWeight: 600 }}>
            Request
          </Box>
          <Box component="dd" sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {shown && `${shown.method} ${shown.path}`}
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
          Send {shown?.method}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
