import Box from '@mui/material/Box';
import type { Connection } from '@/lib/connection';
import { connectionKind, type ConnectionKind } from '@/lib/connection-kind';

/** Each kind's mark: its word and its colours. */
const MARKS: Record<ConnectionKind, { label: string; sx: object }> = {
  // Red: the connection that can do harm. White on the darker red is above 4.5:1 in both schemes.
  production: {
    label: 'Production',
    sx: { bgcolor: 'error.dark', color: 'common.white', borderColor: 'error.dark' },
  },
  // White on the light scheme's orange is below 4.5:1 at this size; black passes in both schemes.
  sandbox: {
    label: 'Sandbox',
    sx: { bgcolor: 'warning.main', color: 'common.black', borderColor: 'warning.main' },
  },
  // Neither: outlined in the colour of the text around it.
  emulator: {
    label: 'Emulator',
    sx: { color: 'inherit', borderColor: 'currentColor' },
  },
};

/**
 * The mark of what a connection's data is, wherever the console names a connection (the app bar, the connection
 * picker, the Requests screen): Production in red, Sandbox in orange, Emulator outlined. A plain element, not MUI's
 * Chip: the sign-in page's picker shows it, and the first page carries no more than it needs.
 */
export function ConnectionKindChip({ connection }: { connection: Connection }) {
  const mark = MARKS[connectionKind(connection)];
  return (
    <Box
      component="span"
      // Plain text, read as it shows ("Production", then the connection's label): a name of its own holding
      // "connection" would also answer for the picker's label.
      sx={{
        display: 'inline-block',
        flexShrink: 0,
        border: 1,
        borderRadius: 4,
        px: 1,
        fontSize: '0.8125rem',
        lineHeight: 1.6,
        fontWeight: 700,
        whiteSpace: 'nowrap',
        ...mark.sx,
      }}
    >
      {mark.label}
    </Box>
  );
}
