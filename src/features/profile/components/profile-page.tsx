/**
 * The profile feature owns the signed-in user's record: getuser (`api/get-user.ts`), and the record in sections and
 * as raw JSON.
 */
import { ErrorNotice } from '@/components/error-notice';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { LoadingIndicator } from '@/components/loading-indicator';
import { PageHeader } from '@/components/page-header';
import { describeFailure } from '@/session/errors/describe-failure';
import { useSessionStore } from '@/session/stores/session-store';
import { useCurrentUser } from '../api/get-user';
import { ProfileSections } from './profile-sections';
import { RawJson } from './raw-json';

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } } as const;

export default function ProfilePage() {
  const username = useSessionStore((s) => s.session?.username ?? '');
  const connectionId = useSessionStore((s) => s.session?.connection.id ?? '');
  const query = useCurrentUser(connectionId, username);
  return (
    <>
      <PageHeader
        title="Profile"
        subtitle="The signed-in user's record, from GET /api/auth/getuser."
        actions={
          <Button variant="outlined" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {query.isFetching ? 'Refreshing…' : 'Refresh'}
          </Button>
        }
      />
      {query.isPending && (
        <>
          <LoadingIndicator label="Loading the profile" />
          <Box sx={GRID} aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={220} />
            ))}
          </Box>
        </>
      )}
      {query.isError && (
        <ErrorNotice
          message={`The profile could not be loaded. ${describeFailure(query.error).message}`}
          details={describeFailure(query.error).details}
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        />
      )}
      {query.data && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box sx={GRID}>
            <ProfileSections user={query.data} />
          </Box>
          <RawJson value={query.data} />
        </Box>
      )}
    </>
  );
}
