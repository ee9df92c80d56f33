import { useId, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ValueAction } from '@/components/json-tree/value-action-context';
import { TextInput } from '@/components/text-input';
import { useTextField } from '@/components/use-text-field';
import { isSecretName } from '@contract/secret-fields';
import { useSessionStore } from '@/session/stores/session-store';
import { MAX_VARIABLE_VALUE, useVariablesStore, variableNameProblem } from '../variables/variables-store';

/** A variable's name from an answer's key (`UID` → `UID`, `Security Role` → `Security_Role`, an index → `value`). */
function suggestedName(name: string | number | null): string {
  const fitted = typeof name === 'string' ? name.replace(/[^A-Za-z0-9_.-]+/g, '_').slice(0, 100) : '';
  return fitted.replace(/^_+|_+$/g, '') || 'value';
}

/**
 * "Use as variable" on any value of the answer's tree: a dialog asks its name (the value's key to start with) and
 * keeps the value, as plain text, among the organization's variables.
 */
export function useUseAsVariable(): { action: ValueAction; dialog: ReactNode } {
  const [offered, setOffered] = useState<{ value: string; name: string } | null>(null);
  // One object for the answer's life: the tree's rows do not draw again for it.
  const action = useMemo<ValueAction>(
    () => ({
      label: 'Use as variable',
      act: (value, name) => setOffered({ value, name: suggestedName(name) }),
    }),
    [],
  );
  return {
    action,
    dialog: offered && <UseAsVariableDialog {...offered} onClose={() => setOffered(null)} />,
  };
}

function UseAsVariableDialog({ value, name, onClose }: { value: string; name: string; onClose: () => void }) {
  const organization = useSessionStore((s) => s.session?.connection.organization);
  const put = useVariablesStore((s) => s.put);
  const field = useTextField(name);
  const id = useId();
  const tooLong = value.length > MAX_VARIABLE_VALUE;

  function save() {
    const chosen = field.text.trim();
    const problem = variableNameProblem(chosen);
    if (problem) return field.setError(problem);
    if (organization === undefined) return onClose();
    if (!put(organization, [{ name: chosen, value }]))
      return field.setError('This browser’s storage is full: the variable was not kept.');
    onClose();
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`}>
      <Box
        component="form"
        noValidate
        autoComplete="off"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <DialogTitle id={`${id}-title`}>Use as variable</DialogTitle>
        <DialogContent>
          <Typography variant="body2" gutterBottom sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {isSecretName(field.text.trim()) ? '(secret, kept in this tab only)' : value.slice(0, 200)}
            {value.length > 200 && !isSecretName(field.text.trim()) ? '…' : ''}
          </Typography>
          {tooLong ? (
            <Typography color="error">
              The value is longer than {MAX_VARIABLE_VALUE.toLocaleString('en-US')} characters, the most a
              variable keeps.
            </Typography>
          ) : (
            <Box sx={{ mt: 2 }}>
              <TextInput
                label="Variable name"
                {...field.field}
                autoFocus
                hint="Write {{name}} in the path, a query value or the body to send it"
              />
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          {!tooLong && (
            <Button type="submit" variant="contained">
              Keep the variable
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
