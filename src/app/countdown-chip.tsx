import Chip from '@mui/material/Chip';
import { useCountdown } from '@/session/countdown';

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
      }}
      data-warning={countdown.warning}
    />
  );
}
