import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { Ref } from 'react';
import type { Library } from './use-library';

/**
 * At the top of the Requests screen: the button that opens and closes the library (Saved and History), and links
 * that open it on one part with its search focused, however long the answer below.
 */
export function LibraryLinks({
  library,
  buttonRef,
}: {
  library: Library;
  buttonRef: Ref<HTMLButtonElement>;
}) {
  return (
    <Box
      component="nav"
      aria-label="Saved and History"
      sx={{ display: 'flex', gap: 2, mb: 1, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Button
        ref={buttonRef}
        variant="outlined"
        size="small"
        aria-expanded={library.open}
        aria-controls={library.panelId}
        onClick={library.toggle}
      >
        Library: Saved and History
      </Button>
      <Link component="button" type="button" variant="body2" onClick={() => library.openOn('saved')}>
        Go to Saved
      </Link>
      <Link component="button" type="button" variant="body2" onClick={() => library.openOn('history')}>
        Go to History
      </Link>
    </Box>
  );
}
