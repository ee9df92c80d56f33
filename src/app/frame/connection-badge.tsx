import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Connection } from '@/lib/connection';
import { isSandbox } from '@/lib/connection-details';

/**
 * Which connection the session is on, in the app bar of every screen; a sandbox is marked apart from production,
 * as the real service marks its own sandbox. At 360 px only the sandbox marking stays.
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
          sx={{ fontWeight: 700, color: 'common.black' }}
        />
      )}
      <Typography
        component="span"
        variant="body2"
        noWrap
        sx={{ display: { xs: 'none', md: 'inline' }, minWidth: 0 }}
      >
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
