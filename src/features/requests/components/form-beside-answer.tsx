import type { ReactNode, RefObject } from 'react';
import Box from '@mui/material/Box';
import { JumpLink } from './jump-link';

/** The app bar's height from `lg` up, with a gap: where the answer stays while the form scrolls. */
const STICKY_TOP = 80;

/**
 * The request form and its answer. From `lg` (1200 px) they stand side by side, each half of the width, and the
 * answer stays in view while the form scrolls (scrolling on its own when longer than the window), so that a send
 * made at the foot of a long form shows its status without a scroll. Narrower, the answer goes under the form, and a
 * link before each jumps to the other's heading.
 */
export function FormBesideAnswer({
  children: [form, answer],
  formHeading,
  answerHeading,
}: {
  children: [form: ReactNode, answer: ReactNode];
  formHeading: RefObject<HTMLHeadingElement | null>;
  answerHeading: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
        alignItems: 'start',
        minWidth: 0,
      }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
        <JumpLink to={answerHeading} narrowOnly>
          Go to answer
        </JumpLink>
        {form}
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          minWidth: 0,
          position: { lg: 'sticky' },
          top: { lg: STICKY_TOP },
          maxHeight: { lg: `calc(100vh - ${STICKY_TOP + 16}px)` },
          overflowY: { lg: 'auto' },
        }}
      >
        <JumpLink to={formHeading} narrowOnly>
          Back to form
        </JumpLink>
        {answer}
      </Box>
    </Box>
  );
}
