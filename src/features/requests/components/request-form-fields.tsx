import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useId, useState, type ClipboardEvent, type Ref } from 'react';
import { TextInput, type TextInputProps } from '@/components/text-input';
import { ownValue } from '@/lib/own-value';
import { API_METHODS, type ApiMethod } from '@contract/web-api/methods';
import { useRequestFormStore } from '../form/form-store';
import { pasteTarget } from '../paste/paste-into-form';
import type { TargetBases } from '../paste/read-target';
import { holdsTarget } from '../form/settle-form';
import {
  bodyProblem,
  newQueryParam,
  pathBeyondLimits,
  placeholdersOf,
  type FormErrors,
  type RequestForm,
} from '../form/request-form';
import { catalogOperation } from '../catalog/catalog-operation';
import { bodyHint } from '../form/body-hint';
import { AppIdChoice, isAppIdParameter } from './app-id-choice';
import { useSettledValue } from './use-settled-value';
import { bodyWithStandIns } from '../variables/body-template';

const MONO = { fontFamily: 'monospace' } as const;

/** A query row's two parts, each a field of its own. */
const QUERY_PARTS = [
  { part: 'name', label: 'Name', flex: '1 1 140px' },
  { part: 'value', label: 'Value', flex: '2 1 180px' },
] as const;

/** A field of code-like text (a path parameter, a query name or value): monospace, never spell-checked. */
function CodeField({
  flex,
  ...field
}: { flex: string } & Pick<TextInputProps, 'label' | 'value' | 'onChange' | 'error'>) {
  return (
    <Box sx={{ flex }}>
      <TextInput {...field} inputProps={{ spellCheck: false, style: MONO }} />
    </Box>
  );
}

/** How long the body must rest before it is checked as typed: long enough not to flag every half-typed value. */
export const BODY_CHECK_DELAY_MS = 600;

/**
 * The body field's error while it is typed: a problem (not JSON, with where it breaks; a body on a GET) is flagged
 * once the body has rested with it for `BODY_CHECK_DELAY_MS`, and stays, kept up to date, only while the body still
 * has one, so it goes as soon as the body is right. What Send said stands for the body it checked.
 */
function useBodyError(form: RequestForm, errors: FormErrors): string | undefined {
  const settled = useSettledValue(form.body, BODY_CHECK_DELAY_MS);
  const [sent, setSent] = useState({ errors, body: form.body });
  if (sent.errors !== errors) setSent({ errors, body: form.body });
  if (sent.errors === errors && sent.body === form.body && errors.body !== undefined) return errors.body;
  // Read with its variables as values: `"ID": {{id}}` is JSON once filled in, and Send checks the value.
  const now = bodyProblem(form.method, bodyWithStandIns(form.body));
  return now !== undefined && bodyProblem(form.method, bodyWithStandIns(settled)) !== undefined
    ? now
    : undefined;
}

/**
 * Method, path, its parameters, query rows and the JSON body: the form lives in the tab's form store. A URL or a
 * query pasted into the path is read at once; one typed there is read when the form is sent (reading it on leaving
 * the field would move Send from under the pointer as the rows appear).
 */
export function RequestFormFields({
  errors,
  bases,
  pathRef,
}: {
  errors: FormErrors;
  bases: TargetBases;
  pathRef?: Ref<HTMLInputElement>;
}) {
  const form = useRequestFormStore((s) => s.form);
  const setForm = useRequestFormStore((s) => s.setForm);
  const load = useRequestFormStore((s) => s.load);
  const [pathError, setPathError] = useState<string | undefined>();
  const bodyError = useBodyError(form, errors);
  /** A URL or a path with a query, pasted or left in the field: its base stripped and its query made rows. */
  function readPath(text: string) {
    const result = pasteTarget(form, text, bases);
    if (result.ok) load(result.form);
    setPathError(result.ok ? undefined : result.message);
  }
  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const pasted = event.clipboardData.getData('text');
    const text = `${input.value.slice(0, input.selectionStart ?? 0)}${pasted}${input.value.slice(input.selectionEnd ?? input.value.length)}`;
    if (!holdsTarget(text)) return;
    event.preventDefault();
    readPath(text);
  }
  const beyond = pathBeyondLimits(form.path);
  const placeholders = beyond ? [] : placeholdersOf(form.path);
  const editRow = (id: number, part: 'name' | 'value', text: string) =>
    setForm({ query: form.query.map((r) => (r.id === id ? { ...r, [part]: text } : r)) });
  const methodId = useId();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <FormControl sx={{ width: 130 }}>
          <InputLabel htmlFor={methodId}>Method</InputLabel>
          <NativeSelect
            id={methodId}
            value={form.method}
            onChange={(e) => setForm({ method: e.target.value as ApiMethod })}
            input={<OutlinedInput label="Method" />}
          >
            {API_METHODS.map((method) => (
              <option key={method} value={method}>
                {method}
              </option>
            ))}
          </NativeSelect>
        </FormControl>
        <Box sx={{ flex: '1 1 240px' }}>
          <TextInput
            label="Path"
            value={form.path}
            onChange={(e) => {
              setPathError(undefined);
              setForm({ path: e.target.value });
            }}
            error={pathError ?? beyond ?? errors.path}
            hint="Below the connection’s /api/; a full URL or a query string may be pasted or typed (its query becomes the rows); {name} marks a path parameter"
            inputProps={{
              ref: pathRef,
              spellCheck: false,
              autoCapitalize: 'off',
              style: MONO,
              onPaste,
            }}
            startAdornment={
              <Box component="span" sx={{ mr: 1, color: 'text.secondary', fontFamily: 'monospace' }}>
                /api/
              </Box>
            }
          />
        </Box>
      </Box>
      {placeholders.length > 0 && (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            Path parameters
          </Typography>
          {placeholders.map((name) => {
            const value = ownValue(form.pathValues, name) ?? '';
            const fill = (text: string) => setForm({ pathValues: { ...form.pathValues, [name]: text } });
            const field = (
              <CodeField
                key={name}
                flex="1 1 200px"
                label={`{${name}}`}
                value={value}
                onChange={(e) => fill(e.target.value)}
                error={ownValue(errors.pathValues, name)}
              />
            );
            if (!isAppIdParameter(name)) return field;
            return (
              <Box key={name} sx={{ flex: '1 1 100%', display: 'flex', gap: 2, flexWrap: 'wrap' }}>
                {field}
                <AppIdChoice parameter={name} value={value} onChoose={fill} />
              </Box>
            );
          })}
        </Box>
      )}
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
          Query parameters
        </Typography>
        {form.query.map((row, index) => (
          <Box key={row.id} sx={{ display: 'flex', gap: 1, mb: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            {QUERY_PARTS.map(({ part, label, flex }) => (
              <CodeField
                key={part}
                flex={flex}
                label={`${label} ${index + 1}`}
                value={row[part]}
                onChange={(e) => editRow(row.id, part, e.target.value)}
                error={ownValue(errors.query, String(row.id))?.[part]}
              />
            ))}
            <Button
              size="small"
              onClick={() => setForm({ query: form.query.filter((r) => r.id !== row.id) })}
              aria-label={`Remove query parameter ${index + 1}`}
            >
              Remove
            </Button>
          </Box>
        ))}
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button size="small" onClick={() => setForm({ query: [...form.query, newQueryParam()] })}>
            Add query parameter
          </Button>
          {form.query.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              A row with no value is left out of the URL.
            </Typography>
          )}
        </Box>
      </Box>
      <TextInput
        label="JSON body"
        multiline
        minRows={4}
        maxRows={20}
        value={form.body}
        onChange={(e) => setForm({ body: e.target.value })}
        error={bodyError}
        hint={bodyHint(
          form.method,
          form.body,
          catalogOperation(form.method, `/api/${form.path}`)?.bodySkeleton,
        )}
        inputProps={{ spellCheck: false, style: { ...MONO, fontSize: 13 } }}
      />
    </Box>
  );
}
