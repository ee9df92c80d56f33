import Box from '@mui/material/Box';
import { CopyButton } from './copy-button';

/**
 * A GUID as one unbreakable unit (a GUID broken at a hyphen reads as two), with a button that copies it. On a
 * narrow screen the button moves below the GUID; the GUID itself never wraps.
 */
export function GuidValue({ value, name }: { value: string; name: string }) {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}
    >
      {/* A size at which all 36 characters fit a 360 px screen's card. */}
      <Box component="code" sx={{ whiteSpace: 'nowrap', fontSize: { xs: '0.75rem', sm: '0.875rem' } }}>
        {value}
      </Box>
      <CopyButton text={value} label="Copy" aria-label={`Copy ${name}`} sx={{ py: 0, minWidth: 0 }} />
    </Box>
  );
}
