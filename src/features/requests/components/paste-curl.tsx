import { useId, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { TextInput } from '@/components/text-input';
import { useTextField } from '@/components/use-text-field';
import { pasteCurl } from '../paste/paste-into-form';
import type { TargetBases } from '../paste/read-target';
import type { RequestForm } from '../form/request-form';

/**
 * "Paste a curl command": a field that opens in place (a modal would add to the first page's shared code), reads
 * the command into a new form, or says what stops it and leaves the form as it was.
 */
export function PasteCurl({
  bases,
  onFilled,
}: {
  bases: TargetBases;
  onFilled: (form: RequestForm, notes: string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const { text, setText, setError, field } = useTextField();
  const regionId = useId();
  const close = () => {
    setOpen(false);
    setError(undefined);
  };
  function fill() {
    const result = pasteCurl(text, bases);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    onFilled(result.form, result.notes);
    setText('');
    close();
  }
  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') close();
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      fill();
    }
  }
  return (
    <Box>
      <Button
        size="small"
        variant="outlined"
        aria-expanded={open}
        aria-controls={open ? regionId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        Paste a curl command
      </Button>
      {open && (
        <Box
          id={regionId}
          role="group"
          aria-label="Paste a curl command"
          sx={{ mt: 2 }}
          onKeyDown={onKeyDown}
        >
          <TextInput
            label="curl command"
            autoFocus
            multiline
            minRows={4}
            maxRows={16}
            {...field}
            hint="bash, cmd or PowerShell quoting; Ctrl+Enter fills the form; an Authorization header is left out (this session’s token is used)"
            inputProps={{ spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } }}
          />
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Button variant="contained" size="small" onClick={fill} disabled={text.trim() === ''}>
              Fill the form
            </Button>
            <Button size="small" onClick={close}>
              Cancel
            </Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}
