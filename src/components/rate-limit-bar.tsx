import Box from '@mui/material/Box';
import type { RateLimitInfo } from '@/lib/api-errors';

/** Calls left of a method's limit, as a bar named in words. */
export function RateLimitBar({ method, info }: { method: string; info: RateLimitInfo }) {
  return (
    // A native meter: the sign-in page carries it, and every kilobyte there counts.
    <Box
      component="meter"
      min={0}
      max={info.limit}
      low={Math.ceil(info.limit / 10) + 1}
      optimum={info.limit}
      value={info.remaining}
      aria-label={`${method}: ${info.remaining} of ${info.limit} calls left`}
      sx={{ width: '100%', height: 8 }}
    />
  );
}
