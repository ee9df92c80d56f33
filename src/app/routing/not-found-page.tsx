import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { AuthCard } from '@/components/auth-card';
import { PROFILE_PATH } from '@/lib/routes';

export function NotFoundPage() {
  return (
    <AuthCard title="Page not found" subtitle="There is no screen at this address.">
      <Link component={RouterLink} to={PROFILE_PATH}>
        Go to the profile
      </Link>
    </AuthCard>
  );
}
