import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { AuthCard } from '@/components/auth-card';
import { PROFILE_PATH } from '@/lib/routes';

/**
 * What a screen that failed (it threw, or its code could not be loaded) shows instead of React Router's default
 * page: two ways back. The error itself is not shown: it says nothing a person can act on, and could say too much.
 */
export function RouteErrorPage() {
  return (
    <AuthCard title="Something went wrong" subtitle="This screen could not be shown.">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
        <Link component={RouterLink} to={PROFILE_PATH} reloadDocument>
          Go to the profile
        </Link>
      </Box>
    </AuthCard>
  );
}
