/**
 * Read by screen readers, not shown: for announcements a sighted person gets from the screen itself. Sizes in px
 * strings: in `sx` a bare 1 means 100% and a bare -1 one spacing unit, which made each such span as wide as its
 * container and pushed narrow screens into scrolling sideways.
 */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
