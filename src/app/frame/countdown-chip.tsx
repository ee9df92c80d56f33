import Chip from '@mui/material/Chip';
import { useCountdown } from '@/session/lifecycle/countdown';

/** Time left on the token, turning to a warning in its last five minutes. */
export function CountdownChip() {
  const countdown = useCountdown();
  if (!countdown) return null;
  return (
    <Chip
      role="timer"
      aria-live="off"
      aria-label={`Session time left ${countdown.text}`}
      label={countdown.text}
      color={countdown.warning ? 'warning' : 'default'}
      variant={countdown.warning ? 'filled' : 'outlined'}
      sx={{
        fontVariantNumeric: 'tabular-nums',
        fontWeight: 600,
        bgcolor: countdown.warning ? undefined : 'background.paper',
        // White on the light scheme's orange is below 4.5:1 at this size; black passes in both schemes.
        color: countdown.warning ? 'common.black' : undefined,
      }}
      data-warning={countdown.warning}
    />
  );
}
