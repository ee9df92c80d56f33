import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { Session } from '@/session/session';
import { asksOn, isTrusted, useWriteConsentStore } from '../sending/ask-before-writing';

/**
 * Whether writes on this production connection ask first, always in sight beside Send: "Don't ask again" in the
 * confirmation turns the switch off, and the form then says so in words until it is turned on again. Nothing on
 * a connection where writes never ask (the emulator, a sandbox).
 */
export function ConfirmationsSwitch({ session }: { session: Session }) {
  const trusted = useWriteConsentStore((s) => s.trusted);
  const trust = useWriteConsentStore((s) => s.trust);
  const distrust = useWriteConsentStore((s) => s.distrust);
  if (!asksOn(session.connection)) return null;
  const asking = !isTrusted(session, trusted);
  return (
    <Box sx={{ mt: 1 }}>
      <FormControlLabel
        control={
          <Switch
            checked={asking}
            onChange={(e) => (e.target.checked ? distrust(session) : trust(session))}
          />
        }
        label="Ask before sending a write to this connection"
      />
      {!asking && (
        <Alert severity="warning" role="status">
          Confirmations are off for this connection: writes are sent without asking.
        </Alert>
      )}
    </Box>
  );
}
