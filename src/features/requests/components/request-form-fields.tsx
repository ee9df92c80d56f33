import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ApiMethod } from '@/lib/api-client';
import { useRequestFormStore } from '../form-store';
import { METHODS, newQueryParam, placeholdersOf, type FormErrors } from '../request-form';

const MONO = { fontFamily: 'monospace' } as const;

/** Method, path, its parameters, query rows and the JSON body: the form lives in the tab's form store. */
export function RequestFormFields({ errors }: { errors: FormErrors }) {
  const form = useRequestFormStore((s) => s.form);
  const setForm = useRequestFormStore((s) => s.setForm);
  const placeholders = placeholdersOf(form.path);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          label="Method"
          value={form.method}
          onChange={(e) => setForm({ method: e.target.value as ApiMethod })}
          slotProps={{ select: { native: true } }}
          sx={{ width: 130 }}
        >
          {METHODS.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </TextField>
        <TextField
          label="Path"
          value={form.path}
          onChange={(e) => setForm({ path: e.target.value })}
          error={Boolean(errors.path)}
          helperText={errors.path ?? 'Below the connection’s /api/; {name} marks a path parameter'}
          sx={{ flex: '1 1 240px' }}
          slotProps={{
            htmlInput: { spellCheck: false, autoCapitalize: 'off', style: MONO },
            input: { startAdornment: <InputAdornment position="start">/api/</InputAdornment> },
          }}
        />
      </Box>
      {placeholders.length > 0 && (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            Path parameters
          </Typography>
          {placeholders.map((name) => (
            <TextField
              key={name}
              label={`{${name}}`}
              value={form.pathValues[name] ?? ''}
              onChange={(e) => setForm({ pathValues: { ...form.pathValues, [name]: e.target.value } })}
              error={Boolean(errors.pathValues?.[name])}
              helperText={errors.pathValues?.[name]}
              size="small"
              sx={{ flex: '1 1 200px' }}
              slotProps={{ htmlInput: { spellCheck: false, style: MONO } }}
            />
          ))}
        </Box>
      )}
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
          Query parameters
        </Typography>
        {form.query.map((row, index) => (
          <Box key={row.id} sx={{ display: 'flex', gap: 1, mb: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              label={`Name ${index + 1}`}
              size="small"
              value={row.name}
              onChange={(e) =>
                setForm({
                  query: form.query.map((r) => (r.id === row.id ? { ...r, name: e.target.value } : r)),
                })
              }
              sx={{ flex: '1 1 140px' }}
              slotProps={{ htmlInput: { spellCheck: false, style: MONO } }}
            />
            <TextField
              label={`Value ${index + 1}`}
              size="small"
              value={row.value}
              onChange={(e) =>
                setForm({
                  query: form.query.map((r) => (r.id === row.id ? { ...r, value: e.target.value } : r)),
                })
              }
              sx={{ flex: '2 1 180px' }}
              slotProps={{ htmlInput: { spellCheck: false, style: MONO } }}
            />
            <Button
              size="small"
              onClick={() => setForm({ query: form.query.filter((r) => r.id !== row.id) })}
              aria-label={`Remove query parameter ${index + 1}`}
            >
              Remove
            </Button>
          </Box>
        ))}
        <Button size="small" onClick={() => setForm({ query: [...form.query, newQueryParam()] })}>
          Add query parameter
        </Button>
      </Box>
      <TextField
        label="JSON body"
        multiline
        minRows={4}
        maxRows={20}
        value={form.body}
        onChange={(e) => setForm({ body: e.target.value })}
        error={Boolean(errors.body)}
        helperText={errors.body ?? (form.method === 'GET' ? 'A GET request has no body.' : 'Empty: no body.')}
        slotProps={{ htmlInput: { spellCheck: false, style: { ...MONO, fontSize: 13 } } }}
      />
    </Box>
  );
}
