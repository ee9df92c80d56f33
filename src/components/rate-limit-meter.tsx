import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRateLimitStore } from '@/session/stores/rate-limit-store';
import { RateLimitBar } from './rate-limit-bar';

/** Remaining calls of each named method on one connection (its base URL), from its last answer's headers. */
export function RateLimitMeter({ base, methods }: { base: string; methods: string[] }) {
  const seen = useRateLimitStore((s) => s.seen[base]);
  const rows = methods.flatMap((method) => (seen?.[method] ? [{ method, info: seen[method] }] : []));
  if (rows.length === 0) return null;
  return (
    <Box component="section" aria-label="Rate limits" sx={{ mt: 3 }}>
      <Typography variant="subtitle2" component="h2">
        Rate limits
      </Typography>
      {rows.map(({ method, info }) => (
        <Box key={method} sx={{ mt: 1 }}>
          <Typography variant="body2">
            <code>{method}</code>: {info.remaining} of {info.limit} left, window resets at{' '}
            {new Date(info.resetAt).toLocaleTimeString()}
          </Typography>
          <RateLimitBar method={method} info={info} />
        </Box>
      ))}
    </Box>
  );
}
