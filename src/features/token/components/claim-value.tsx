import Box from '@mui/material/Box';
import { GuidValue } from '@/components/guid-value';
import { TIME_CLAIMS, claimTime } from '@/lib/claim-time';
import { isGuid } from '@contract/is-guid';
import { CLAIM_MEANINGS } from './claim-meanings';

/**
 * A claim's value as the token holds it; a time also in local time and UTC, a GUID with its copy button, and what
 * TeamDynamix's own claims mean.
 */
export function ClaimValue({ name, value }: { name: string; value: unknown }) {
  if (typeof value === 'string' && isGuid(value)) return <GuidValue value={value} name={name} />;
  const time = TIME_CLAIMS.includes(name) ? claimTime(value) : null;
  const meaning = CLAIM_MEANINGS[name];
  return (
    <>
      <code>{typeof value === 'string' ? value : JSON.stringify(value)}</code>
      {meaning && (
        <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
          {meaning}
        </Box>
      )}
      {time && (
        <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
          <Box component="span" sx={{ display: 'block' }}>
            {time.local} local time
          </Box>
          <Box component="span" sx={{ display: 'block' }}>
            {time.utc}
          </Box>
        </Box>
      )}
    </>
  );
}
