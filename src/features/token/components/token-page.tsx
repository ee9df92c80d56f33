/**
 * The token feature owns showing the session's token: its claims and header, its lifetime, the copies of it
 * (token, header, curl) and the rate limits the session spends.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { CopyButton } from '@/components/copy-button';
import { FieldList } from '@/components/field-list';
import { PageHeader } from '@/components/page-header';
import { RateLimitMeter } from '@/components/rate-limit-meter';
import { SectionCard } from '@/components/section-card';
import { claimTime } from '@/lib/claim-time';
import { directBaseUrl } from '@/lib/connection-details';
import { curlCommand } from '@/lib/copy-commands';
import { useCountdown } from '@/session/lifecycle/countdown';
import { useSessionStore } from '@/session/stores/session-store';
import { SIGN_IN_METHOD_LABELS } from '@/session/session';
import { LOGIN_ADMIN_RATE_METHOD } from '@/features/admin-key/public';
import { PASSWORD_RATE_METHODS } from '@/features/password-login/public';
import { GET_USER_PATH, GET_USER_RATE_METHOD } from '@/features/profile/public';
import { ClaimsTable } from './claims-table';

/** The calls whose rate limits a session spends on itself: the sign-ins, and getuser. */
const SESSION_RATE_METHODS = [...PASSWORD_RATE_METHODS, LOGIN_ADMIN_RATE_METHOD, GET_USER_RATE_METHOD];

function when(seconds: unknown): string {
  const time = claimTime(seconds);
  return time ? `${time.local} (${time.utc})` : '';
}

export default function TokenPage() {
  const session = useSessionStore((s) => s.session);
  const countdown = useCountdown();
  const [reveal, setReveal] = useState(false);
  if (!session) return null;
  const getuser = {
    method: 'GET',
    url: `${directBaseUrl(session.connection, window.location.origin)}${GET_USER_PATH}`,
    connection: session.connection.label,
  };
  const curl = curlCommand(getuser, { token: reveal ? session.token : null });
  return (
    <>
      <PageHeader
        title="Token"
        subtitle="The bearer token of this session, decoded in the browser (only the server can verify it)."
        actions={
          <>
            <CopyButton text={session.token} label="Copy token" />
            <CopyButton text={`Authorization: Bearer ${session.token}`} label="Copy Authorization header" />
            <CopyButton
              text={curlCommand(getuser, { token: session.token })}
              label="Copy curl command"
              copiedLabel="Copied, with your token"
            />
          </>
        }
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <SectionCard title="Lifetime">
          <FieldList
            fields={[
              { label: 'Obtained with', value: SIGN_IN_METHOD_LABELS[session.method] },
              { label: 'Connection', value: session.connection.label },
              { label: 'Issued', value: when(session.claims.nbf) },
              { label: 'Not before', value: when(session.claims.nbf) },
              { label: 'Expires', value: when(session.claims.exp) },
              { label: 'Time left', value: countdown?.text ?? '' },
              {
                label: 'Clock difference',
                value: `${Math.round(session.clockOffsetMs / 1000)} s (server minus this browser)`,
              },
            ]}
          />
        </SectionCard>
        <SectionCard title="curl">
          <FormControlLabel
            control={<Switch checked={reveal} onChange={(e) => setReveal(e.target.checked)} />}
            label="Show the token in the command"
          />
          <Box
            component="pre"
            tabIndex={0}
            aria-label="curl command"
            sx={{
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              bgcolor: 'action.hover',
              p: 2,
              borderRadius: 1,
            }}
          >
            {curl}
          </Box>
        </SectionCard>
        <SectionCard title="Header">
          <ClaimsTable caption="Token header" values={session.header} />
        </SectionCard>
        <SectionCard title="Claims">
          <ClaimsTable caption="Token claims" values={session.claims} />
        </SectionCard>
      </Box>
      <RateLimitMeter base={session.connection.baseUrl} methods={SESSION_RATE_METHODS} />
    </>
  );
}
