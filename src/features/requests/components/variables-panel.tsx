import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { TextInput } from '@/components/text-input';
import { useTextField } from '@/components/use-text-field';
import { isSecretName } from '@contract/secret-fields';
import {
  MAX_VARIABLE_VALUE,
  useVariablesStore,
  variableNameProblem,
  variablesOf,
} from '../variables/variables-store';

const STORAGE_FULL = 'This browser’s storage is full';

/**
 * The organization's variables: `{{name}}` in the path, a query value or the body sends the value. Add one, edit
 * one (its name and value come back into the fields), delete one. A secret-named variable is kept in this tab only
 * and never shown.
 */
export function VariablesPanel({ organization }: { organization: string }) {
  const variables = useVariablesStore((s) => variablesOf(s, organization));
  const put = useVariablesStore((s) => s.put);
  const remove = useVariablesStore((s) => s.remove);
  const name = useTextField();
  const value = useTextField();
  /** The variable being edited: saving under another name renames it. */
  const [editing, setEditing] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const nameInput = useRef<HTMLInputElement>(null);
  const secret = isSecretName(name.text.trim());

  function save() {
    const chosen = name.text.trim();
    const problem = variableNameProblem(chosen);
    if (problem) {
      name.setError(problem);
      return;
    }
    if (value.text.length > MAX_VARIABLE_VALUE) {
      value.setError(`A value may be up to ${MAX_VARIABLE_VALUE.toLocaleString('en-US')} characters.`);
      return;
    }
    if (!put(organization, [{ name: chosen, value: value.text }], editing ?? undefined)) {
      setStatus(`${STORAGE_FULL}: {{${chosen}}} was not saved.`);
      return;
    }
    const existed = editing !== null || variables.some((v) => v.name === chosen);
    setStatus(
      `${existed ? 'Updated' : 'Added'} {{${chosen}}}.${isSecretName(chosen) ? ' Its name says secret: it is kept in this tab only, until a reload or sign-out.' : ''}`,
    );
    setEditing(null);
    name.setText('');
    value.setText('');
    nameInput.current?.focus();
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        Write <code>{'{{name}}'}</code> in the path, a query value or the body to send a variable’s value.
        Kept in this browser for this organization (its sandbox and production share them); one whose name
        says secret (a password, key or token) only in this tab.
      </Typography>
      {variables.length === 0 ? (
        <Typography color="text.secondary">No variables for this organization yet.</Typography>
      ) : (
        <Box component="ul" aria-label="Variables" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {variables.map((v) => (
            <Box
              component="li"
              key={v.name}
              aria-label={v.name}
              sx={{
                py: 1,
                borderTop: 1,
                borderColor: 'divider',
                display: 'flex',
                gap: 1,
                alignItems: 'center',
                flexWrap: 'wrap',
              }}
            >
              <Typography
                variant="body2"
                sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', flex: '1 1 160px' }}
              >
                {`{{${v.name}}}`} ={' '}
                {isSecretName(v.name) ? (
                  <Box component="span" sx={{ color: 'text.secondary', fontFamily: 'inherit' }}>
                    {v.value === '' ? '(empty)' : '(secret, in this tab only)'}
                  </Box>
                ) : (
                  v.value || (
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      (empty)
                    </Box>
                  )
                )}
              </Typography>
              <Button
                size="small"
                variant="outlined"
                aria-label={`Edit ${v.name}`}
                onClick={() => {
                  setEditing(v.name);
                  name.setText(v.name);
                  value.setText(v.value);
                  setStatus('');
                  nameInput.current?.focus();
                }}
              >
                Edit
              </Button>
              <Button
                size="small"
                variant="outlined"
                aria-label={`Delete ${v.name}`}
                onClick={() =>
                  setStatus(
                    remove(organization, v.name)
                      ? `Deleted {{${v.name}}}.`
                      : `${STORAGE_FULL}: {{${v.name}}} was not deleted.`,
                  )
                }
              >
                Delete
              </Button>
            </Box>
          ))}
        </Box>
      )}
      <Box
        component="form"
        aria-label={editing ? `Edit the variable ${editing}` : 'Add a variable'}
        noValidate
        autoComplete="off"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <Box sx={{ flex: '1 1 140px' }}>
          <TextInput label="Variable name" {...name.field} inputRef={nameInput} />
        </Box>
        <Box sx={{ flex: '2 1 200px' }}>
          <TextInput
            label="Variable value"
            {...value.field}
            type={secret ? 'password' : 'text'}
            hint={secret ? 'Its name says secret: kept in this tab only' : undefined}
          />
        </Box>
        <Button type="submit" variant="outlined" sx={{ mt: 1 }}>
          {editing ? 'Save variable' : 'Add variable'}
        </Button>
        {editing && (
          <Button
            sx={{ mt: 1 }}
            onClick={() => {
              setEditing(null);
              name.setText('');
              value.setText('');
            }}
          >
            Cancel
          </Button>
        )}
      </Box>
      <Box role="status" aria-live="polite">
        <Typography variant="body2">{status}</Typography>
      </Box>
    </Box>
  );
}
