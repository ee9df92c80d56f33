import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { WrapPoints } from '@/components/wrap-points';
import type { RequestDescription } from '../description/describe-request';
import { sameRequest } from '../description/same-request';
import type { SentRequest } from '../sending/use-sending';

export type AnswerPhase = 'sending' | 'cancelled' | 'answered';

const LEAD: Record<AnswerPhase, string> = {
  sending: 'Sending',
  cancelled: 'Cancelled',
  answered: 'Answer to',
};

/**
 * The request an answer is for, at the top of the answer area: its method and path (as they may be shown, secrets
 * masked), its connection and when it was sent. Once the form no longer describes that request (another operation
 * chosen, a value changed, a re-run from History, another connection) the answer stays, as its values are often what
 * the next request needs, but it says it answers the request named here and not the form.
 */
export function AnsweredRequest({
  sent,
  phase,
  current,
  base,
}: {
  sent: SentRequest;
  phase: AnswerPhase;
  /** The form's request as it is now. */
  current: RequestDescription;
  /** The session's connection now. */
  base: string;
}) {
  const shown = sent.described.kept.request;
  const stale = base !== sent.base || !current.ready || !sameRequest(current.request, sent.described.request);
  return (
    <Box sx={{ mb: 2 }}>
      <Typography component="p" variant="body2">
        <Box component="span" sx={{ fontWeight: 600 }}>
          {LEAD[phase]}
        </Box>{' '}
        <Box component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'break-word' }}>
          <WrapPoints text={`${shown.method} ${shown.path}`} />
        </Box>
      </Typography>
      <Typography component="p" variant="body2" color="text.secondary">
        On {sent.connection}, sent at {new Date(sent.sentAt).toLocaleTimeString()}
      </Typography>
      {phase === 'cancelled' && (
        <Alert severity="info" role="status" sx={{ mt: 1 }}>
          Cancelled: the console stopped waiting for its answer. The server may still have carried it out.
        </Alert>
      )}
      {stale && (
        <Alert severity="warning" role="status" sx={{ mt: 1 }}>
          {phase === 'answered' ? 'This answer is' : 'This is'} for the earlier request named here, not for
          the form as it is now. Send to see the form’s answer.
        </Alert>
      )}
    </Box>
  );
}
