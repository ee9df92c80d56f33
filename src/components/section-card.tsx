import type { ReactNode, Ref } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { FOCUSED_HEADING } from './focus-ring';

export function SectionCard({
  title,
  children,
  headingRef,
}: {
  title: string;
  children: ReactNode;
  /** Given, the heading can take focus from script (as a screen's heading does on arrival). */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography
          component="h2"
          variant="h6"
          gutterBottom
          {...(headingRef ? { ref: headingRef, tabIndex: -1, sx: FOCUSED_HEADING } : {})}
        >
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
