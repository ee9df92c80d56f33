/** Read by screen readers, not shown: for announcements a sighted person gets from the screen itself. */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  // In px: MUI's sx reads a bare 1 as 100%.
  width: '1px',
  height: '1px',
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
