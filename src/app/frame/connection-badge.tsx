import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ConnectionKindChip } from '@/components/connection-kind-chip';
import { VISUALLY_HIDDEN } from '@/components/visually-hidden';
import type { Connection } from '@/lib/connection';

/**
 * Which connection the session is on, in the app bar of every screen (below md on a row of its own, so at 360 px
 * too), marked with what its data is: Production, Sandbox (as the real service marks its own sandbox) or Emulator.
 * The marking never shrinks: the label gives way, cut short, before it does.
 */
export function ConnectionBadge({ connection }: { connection: Connection }) {
  return (
    <Box data-testid="connection" sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <ConnectionKindChip connection={connection} />
      <Typography component="span" variant="body2" noWrap title={connection.label} sx={{ minWidth: 0 }}>
        <Box component="span" sx={VISUALLY_HIDDEN}>
          Connection:{' '}
        </Box>
        {connection.label}
      </Typography>
    </Box>
  );
}
