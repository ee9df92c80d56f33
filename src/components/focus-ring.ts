import type { Theme } from '@mui/material/styles';

/** The shade of the primary colour the ring is drawn in, per scheme. */
export const FOCUS_RING_SHADE = { light: 'dark', dark: 'main' } as const;

/**
 * The keyboard focus indicator of what the console draws itself (navigation items, headings focused on arrival):
 * a 2 px ring in the primary colour (its dark shade in light, as the main one comes short of 3:1 on a focused
 * current item), which keeps at least 3:1 against the surfaces it is drawn on and against the current navigation
 * item's background (WCAG 2.2 focus appearance; see src/app/theme.test.ts).
 */
export function focusRing(t: Theme, offset = -2) {
  const primary = (t.vars?.palette ?? t.palette).primary;
  return {
    outline: `2px solid ${primary[FOCUS_RING_SHADE.light]}`,
    outlineOffset: offset,
    ...t.applyStyles('dark', { outlineColor: primary[FOCUS_RING_SHADE.dark] }),
  };
}

/**
 * A screen's main heading takes focus on arrival (tabIndex -1): its ring shows only to keyboard users (as
 * :focus-visible decides), never as a jump on a mouse user's screen.
 */
export const FOCUSED_HEADING = {
  // Below md the app bar holds a second row, the connection's: a heading scrolled to stays clear of both.
  scrollMarginTop: { xs: 108, md: 80 },
  '&:focus': { outline: 'none' },
  '&:focus-visible': (t: Theme) => focusRing(t, 2),
} as const;
