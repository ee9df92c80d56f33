import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface Field {
  label: string;
  value: ReactNode;
}

/** Label/value pairs as a description list; empty values read "Not set" rather than vanish. */
export function FieldList({ fields }: { fields: Field[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
        gap: 1,
        m: 0,
      }}
    >
      {fields.map((field) => (
        <Box key={field.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {field.label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, overflowWrap: 'anywhere', mb: { xs: 1, sm: 0 } }}
          >
            {field.value === '' || field.value === null || field.value === undefined ? (
              <em>Not set</em>
            ) : (
              field.value
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
