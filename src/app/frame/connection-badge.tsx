import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Connection } from '@/lib/connection';
import { isSandbox } from '@/lib/connection-details';

/**
 * Which connection the session is on, in the app bar of every screen (below md on a row of its own, so at 360 px
 * too); a sandbox is marked apart from production, as the real service marks its own sandbox. The marking never
 * shrinks: the label gives way, cut short, before it does.
 */
export function ConnectionBadge({ connection }: { connection: Connection }) {
  const sandbox = isSandbox(connection);
  return (
    <Box data-testid="connection" sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      {sandbox && (
        <Chip
          size="small"
          label="Sandbox"
          color="warning"
          // White on the light scheme's orange is below 4.5:1 at this size; black passes in both schemes.
          sx={{ fontWeight: 700, color: 'common.black', flexShrink: 0 }}
        />
      )}
      <Typography component="span" variant="body2" noWrap title={connection.label} sx={{ minWidth: 0 }}>
        <Box component="span" sx={visuallyHidden}>
          Connection:{' '}
        </Box>
        {connection.label}
      </Typography>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
