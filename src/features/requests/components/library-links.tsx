import type { RefObject } from 'react';
import Box from '@mui/material/Box';
import { JumpLink } from './jump-link';

/**
 * Links at the top of the Requests screen to Saved and History, which stand under the form, the answer and the
 * runner: one step to them, however long the answer above them is.
 */
export function LibraryLinks({
  saved,
  history,
}: {
  saved: RefObject<HTMLHeadingElement | null>;
  history: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <Box component="nav" aria-label="Saved and History" sx={{ display: 'flex', gap: 2, mb: 1 }}>
      <JumpLink to={saved}>Go to Saved</JumpLink>
      <JumpLink to={history}>Go to History</JumpLink>
    </Box>
  );
}
