import { useId, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { TextInput } from '@/components/text-input';
import { useTextField } from '@/components/use-text-field';
import { pasteCommand } from '../paste/paste-into-form';
import type { TargetBases } from '../paste/read-target';
import type { RequestForm } from '../form/request-form';
import { UsePathHere } from './use-path-here';

/**
 * "Paste a command" (curl, or PowerShell's Invoke-RestMethod / Invoke-WebRequest): a field that opens in place (a
 * modal would add to the first page's shared code), reads the command into a new form, or says what stops it and
 * leaves the form as it was.
 */
export function PasteCommand({
  bases,
  onFilled,
}: {
  bases: TargetBases;
  onFilled: (form: RequestForm, notes: string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const [instead, setInstead] = useState<{ form: RequestForm; notes: string[] } | null>(null);
  const { text, setText, setError, field } = useTextField();
  const regionId = useId();
  const close = () => {
    setOpen(false);
    setError(undefined);
    setInstead(null);
  };
  function filled(form: RequestForm, notes: string[]) {
    onFilled(form, notes);
    setText('');
    close();
  }
  function fill() {
    const result = pasteCommand(text, bases);
    if (!result.ok) {
      setError(result.message);
      setInstead(result.instead ?? null);
      return;
    }
    filled(result.form, result.notes);
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
        Paste a command
      </Button>
      {open && (
        <Box id={regionId} role="group" aria-label="Paste a command" sx={{ mt: 2 }} onKeyDown={onKeyDown}>
          <TextInput
            label="curl or PowerShell command"
            autoFocus
            multiline
            minRows={4}
            maxRows={16}
            {...field}
            hint="curl (bash, cmd or PowerShell quoting), or PowerShell’s Invoke-RestMethod or Invoke-WebRequest with the lines setting its variables; Ctrl+Enter fills the form; an Authorization header is left out (this session’s token is used)"
            inputProps={{ spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } }}
          />
          <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
            <UsePathHere
              instead={field.error && instead ? instead.form : null}
              onUse={(form) => instead && filled(form, instead.notes)}
            />
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
