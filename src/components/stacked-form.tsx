import type { ReactNode, Ref } from 'react';
import Box from '@mui/material/Box';

/**
 * A form the console checks itself (no browser validation or autofill): Enter or its submit button calls
 * `onSubmit`. Its fields stack, its buttons sit in a row below them.
 */
export function StackedForm({
  ref,
  onSubmit,
  actions,
  children,
}: {
  ref?: Ref<HTMLElement>;
  onSubmit: () => void;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box
      ref={ref}
      component="form"
      noValidate
      autoComplete="off"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {children}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>{actions}</Box>
    </Box>
  );
}
