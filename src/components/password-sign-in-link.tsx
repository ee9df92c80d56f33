import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { SIGN_IN_PATH } from '@/lib/routes';

/** The way back to the password sign-in from the other signed-out screens. */
export function PasswordSignInLink() {
  return (
    <Typography variant="body2" sx={{ mt: 3 }}>
      <Link component={RouterLink} to={SIGN_IN_PATH}>
        Sign in with a user name and password instead
      </Link>
    </Typography>
  );
}
