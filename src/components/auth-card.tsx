/**
 * The components room (`src/components/`) owns the pieces of screen that features share and that know no feature:
 * a screen's frame (this card for the signed-out ones, `page-header.tsx` for the signed-in), form fields and the
 * focus on their problems, notices of failures, tables and field lists, copy buttons, the JSON tree, the loading
 * bar and the rate-limit meter.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FOCUSED_HEADING } from './focus-ring';

/** The frame of the signed-out screens: the product's name, one heading and a card. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <Box
      component="main"
      id="main"
      tabIndex={-1}
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: { xs: 1, sm: 3 }, outline: 'none' }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 480, p: { xs: 2, sm: 4 } }}>
        <Typography component="p" variant="overline" color="text.secondary">
          Auth Console
        </Typography>
        <Typography component="h1" variant="h4" gutterBottom tabIndex={-1} sx={FOCUSED_HEADING}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {subtitle}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
