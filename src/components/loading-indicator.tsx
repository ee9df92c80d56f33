import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/**
 * The loading bar of a screen whose code or data is on its way: a visible indeterminate bar with its name, also
 * announced. Drawn with CSS rather than MUI's LinearProgress, which would add to the first page's code.
 */
export function LoadingIndicator({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ py: 2 }}>
      <Box
        role="progressbar"
        aria-label={label}
        sx={{
          position: 'relative',
          height: 4,
          overflow: 'hidden',
          borderRadius: 2,
          bgcolor: 'action.selected',
          '&::after': {
            content: '""',
            position: 'absolute',
            inset: 0,
            width: '40%',
            bgcolor: 'primary.main',
            animation: `${slide} 1.2s ease-in-out infinite`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%', opacity: 0.5 },
          },
        }}
      />
      <Box component="p" role="status" sx={{ mt: 1, color: 'text.secondary', typography: 'body2' }}>
        {label}…
      </Box>
    </Box>
  );
}
