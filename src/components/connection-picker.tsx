import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useConnections } from '@/session/connections/list-connections';
import { ConnectionKindChip } from './connection-kind-chip';
import { useConnectionStore } from '@/session/stores/connection-store';

/**
 * Which API the next sign-in goes to: this server's emulator, or a real tenant through the relay. Every sign-in
 * screen shows it, so it lives here, below them, with the list it offers (`session/connections/`), and marks the
 * chosen one's kind (Production, Sandbox, Emulator) before anything is sent to it.
 */
export function ConnectionPicker() {
  const selected = useConnectionStore((s) => s.selected);
  const select = useConnectionStore((s) => s.select);
  const { data } = useConnections();
  // Until this server's list arrives, only the connection the page starts with, and no choosing.
  const options = data?.some((c) => c.id === selected.id) ? data : [selected, ...(data ?? [])];
  return (
    <FormControl fullWidth>
      <InputLabel shrink htmlFor="connection">
        Connection
      </InputLabel>
      {/* Outlined like the text fields, which also spares the sign-in page MUI's standard Input. */}
      <NativeSelect
        input={<OutlinedInput label="Connection" notched />}
        id="connection"
        value={selected.id}
        disabled={!data}
        aria-describedby="connection-hint"
        onChange={(e) => {
          const next = options.find((c) => c.id === e.target.value);
          if (next) select(next);
        }}
      >
        {options.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </NativeSelect>
      <FormHelperText id="connection-hint">
        <ConnectionKindChip connection={selected} />{' '}
        {selected.upstream
          ? `Calls go through this server's relay to ${selected.upstream}.`
          : `Calls go to this server's API at ${selected.baseUrl}.`}
      </FormHelperText>
    </FormControl>
  );
}
