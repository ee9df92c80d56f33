import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/**
 * Asks, when the form is saved under a name a saved request already has, whether to replace that one or keep both
 * (the new one under the next free name). Cancel (or Escape) saves nothing.
 */
export function ReplaceSaved({
  name,
  freeName,
  onReplace,
  onKeepBoth,
  onCancel,
}: {
  /** The name already taken; null when nothing is asked. */
  name: string | null;
  /** The name _Keep both_ saves under. */
  freeName: string;
  onReplace: () => void;
  onKeepBoth: () => void;
  onCancel: () => void;
}) {
  // The names stay shown while the dialog closes.
  const [shown, setShown] = useState({ name, freeName });
  if (name !== null && (name !== shown.name || freeName !== shown.freeName)) setShown({ name, freeName });
  const id = useId();
  return (
    <Dialog
      open={name !== null}
      onClose={onCancel}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <DialogTitle id={`${id}-title`}>Replace “{shown.name}”?</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>
          A saved request is already called “{shown.name}”. Replace it with the form, or keep both and save
          the form as “{shown.freeName}”.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button onClick={onKeepBoth}>Keep both</Button>
        <Button variant="contained" onClick={onReplace}>
          Replace
        </Button>
      </DialogActions>
    </Dialog>
  );
}
