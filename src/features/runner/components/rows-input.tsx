import { memo, useId, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import type { RowsFormat } from '../rows/read-rows';

const FORMATS: [RowsFormat, string][] = [
  ['lines', 'One value a line'],
  ['csv', 'CSV with a header row'],
  ['json', 'JSON array'],
];

/** A file's format from its name: `.csv`, `.json`, anything else one value a line. */
const formatOfFile = (name: string): RowsFormat =>
  /\.csv$/i.test(name) ? 'csv' : /\.json$/i.test(name) ? 'json' : 'lines';

export interface RowsInputValue {
  format: RowsFormat;
  column: string;
  text: string;
}

/**
 * Where the rows come from: pasted or read from a file, written one way of three. Drawn again only when it changes,
 * not at each keystroke in the request's form above it.
 */
export const RowsInput = memo(function RowsInput({
  value,
  onChange,
}: {
  value: RowsInputValue;
  onChange: (value: RowsInputValue) => void;
}) {
  const id = useId();
  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onChange({ ...value, format: formatOfFile(file.name), text: await file.text() });
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <FormLabel id={`${id}-format`}>The rows are written as</FormLabel>
        <RadioGroup
          row
          aria-labelledby={`${id}-format`}
          value={value.format}
          onChange={(e) => onChange({ ...value, format: e.target.value as RowsFormat })}
        >
          {FORMATS.map(([format, label]) => (
            <FormControlLabel key={format} value={format} control={<Radio />} label={label} />
          ))}
        </RadioGroup>
      </Box>
      {value.format !== 'csv' && (
        <TextField
          size="small"
          label="Column name"
          helperText="The variable each value fills: {{name}} in the path, a query value or the body"
          value={value.column}
          onChange={(e) => onChange({ ...value, column: e.target.value })}
        />
      )}
      <TextField
        label="Rows"
        multiline
        minRows={4}
        maxRows={12}
        value={value.text}
        onChange={(e) => onChange({ ...value, text: e.target.value })}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
      <Box>
        <Button variant="outlined" component="label">
          Read a file…
          <input
            hidden
            type="file"
            accept=".csv,.json,.txt,text/csv,application/json,text/plain"
            onChange={(e) => void readFile(e)}
          />
        </Button>
      </Box>
    </Box>
  );
});
