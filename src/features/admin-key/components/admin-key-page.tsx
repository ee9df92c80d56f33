/**
 * The admin-key feature owns an organization's BEID and WebServicesKey: testing a key on one connection or on all of
 * its organization's, and signing in with it (`api/login-admin.ts`), signed in or not.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { AuthCard } from '@/components/auth-card';
import { PasswordSignInLink } from '@/components/password-sign-in-link';
import { PageHeader } from '@/components/page-header';
import { ConnectionPicker } from '@/components/connection-picker';
import { useSessionStore } from '@/session/stores/session-store';
import { SIGN_OUT_MESSAGES } from '@/session/sign-in/sign-out-messages';
import { AdminKeyForm } from './admin-key-form';

const SUBTITLE =
  'Test an organization’s admin service account (BEID + WebServicesKey) through loginadmin, or sign in with it. The key is never stored.';

export default function AdminKeyPage() {
  const connection = useSessionStore((s) => s.session?.connection ?? null);
  const ended = useSessionStore((s) => (s.endedSession ? s.lastSignOut : null));
  if (connection) {
    return (
      <>
        <PageHeader
          title="Admin key"
          subtitle={`${SUBTITLE} Calls go to the session’s connection: ${connection.label}.`}
        />
        <AdminKeyForm />
      </>
    );
  }
  return (
    <AuthCard title="Admin key" subtitle={SUBTITLE}>
      {ended && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {SIGN_OUT_MESSAGES[ended]}
        </Alert>
      )}
      <Box sx={{ mb: 2 }}>
        <ConnectionPicker />
      </Box>
      <AdminKeyForm />
      <PasswordSignInLink />
    </AuthCard>
  );
}
