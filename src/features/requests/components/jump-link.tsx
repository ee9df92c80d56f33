import type { RefObject } from 'react';
import Link from '@mui/material/Link';

/** Scrolls a section's heading into view, below the app bar (its scroll margin), and gives it focus. */
function jumpTo(heading: RefObject<HTMLHeadingElement | null>) {
  const element = heading.current;
  if (!element) return;
  element.scrollIntoView({ block: 'start' });
  element.focus({ preventScroll: true });
}

/** A link that jumps to a section's heading; `narrowOnly`, it shows only below `lg` (1200 px). */
export function JumpLink({
  to,
  narrowOnly = false,
  children,
}: {
  to: RefObject<HTMLHeadingElement | null>;
  narrowOnly?: boolean;
  children: string;
}) {
  return (
    <Link
      component="button"
      type="button"
      variant="body2"
      onClick={() => jumpTo(to)}
      sx={{ display: narrowOnly ? { xs: 'inline', lg: 'none' } : 'inline', alignSelf: 'start' }}
    >
      {children}
    </Link>
  );
}
