import { AuthCard } from '@/components/auth-card';
import { PasswordSignInLink } from '@/components/password-sign-in-link';
import { PageHeader } from '@/components/page-header';
import { useSessionStore } from '@/session/session-store';
import { AdminKeyForm } from './admin-key-form';

const SUBTITLE =
  'Test an organization’s admin service account (BEID + WebServicesKey) through loginadmin, or sign in with it. The key is never stored.';

export default function AdminKeyPage() {
  const signedIn = useSessionStore((s) => s.session !== null);
  if (signedIn) {
    return (
      <>
        <PageHeader title="Admin key" subtitle={SUBTITLE} />
        <AdminKeyForm />
      </>
    );
  }
  return (
    <AuthCard title="Admin key" subtitle={SUBTITLE}>
      <AdminKeyForm />
      <PasswordSignInLink />
    </AuthCard>
  );
}
