import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';

/** The production confirmation's option to run the first rows on the organization's sandbox first (off unless chosen). */
export function TrialOption({
  sandbox,
  chosen,
  rows,
  problem,
  onChange,
}: {
  sandbox: string;
  chosen: boolean;
  /** How many rows, as typed. */
  rows: string;
  /** Why `rows` will not do, or null. */
  problem: string | null;
  onChange: (value: { chosen: boolean; rows: string }) => void;
}) {
  const count = problem === null ? rows.trim() : 'N';
  return (
    <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <FormControlLabel
        control={<Checkbox checked={chosen} onChange={(e) => onChange({ chosen: e.target.checked, rows })} />}
        label={`Run the first ${count} rows on ${sandbox} first`}
      />
      {chosen && (
        <TextField
          label="Rows to run on the sandbox first"
          value={rows}
          onChange={(e) => onChange({ chosen, rows: e.target.value })}
          error={problem !== null}
          helperText={
            problem ?? 'They run there, then the job stops for a look before anything goes to production.'
          }
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          size="small"
          sx={{ maxWidth: 320 }}
        />
      )}
    </Box>
  );
}
