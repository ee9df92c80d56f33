import Box from '@mui/material/Box';

/** Text shown as it is (a request, a body, a record): wrapped anywhere, scrolling past `maxHeight`, focusable. */
export function CodeBlock({
  label,
  maxHeight,
  children,
}: {
  label: string;
  maxHeight: number;
  children: string;
}) {
  return (
    <Box
      component="pre"
      tabIndex={0}
      aria-label={label}
      sx={{
        m: 0,
        p: 2,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        bgcolor: 'action.hover',
        borderRadius: 1,
        fontSize: 13,
        maxHeight,
        overflow: 'auto',
      }}
    >
      {children}
    </Box>
  );
}
