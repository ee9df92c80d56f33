import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';

/** Moves focus into the screen's main region (and so past the app bar and the navigation). */
function skipToMain(event: MouseEvent) {
  const main = document.querySelector<HTMLElement>('main');
  if (!main) return;
  // Handled here rather than by the browser: a #fragment would become a history entry the router then reads.
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

/** The first tab stop of every screen, shown only while it has focus. */
export function SkipLink() {
  return (
    <Box
      component="a"
      href="#main"
      onClick={skipToMain}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (t) => t.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        boxShadow: 3,
        outline: '2px solid',
        outlineColor: 'primary.main',
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      Skip to content
    </Box>
  );
}
