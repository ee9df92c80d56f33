import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FieldList } from '@/components/field-list';
import { NamedRowsTable } from '@/components/named-rows-table';
import { RateLimitBar } from '@/components/rate-limit-bar';
import type { RawAnswer } from '@/lib/api-client';
import { relayLimitOf, relayLimitSentence } from '@/lib/relay-limit';
import { sizeText, statusMeaning } from '../answer/status-meaning';
import { AnswerBody } from './answer-body';

/** The header the emulator puts on an answer it replayed from a recording of a real tenant (REPLAY_DIR). */
const REPLAYED_HEADER = 'x-emulator-replayed';

/**
 * An answer as it came: status and its meaning, time, size, rate limits, headers and body. While the screen counts
 * down a wait for the method, the reset is not given as a time here too: one figure, the countdown's.
 */
export function AnswerView({ answer, waiting = false }: { answer: RawAnswer; waiting?: boolean }) {
  const rate = answer.rateLimit;
  const replayed = answer.headers.some(
    ([name, value]) => name.toLowerCase() === REPLAYED_HEADER && value === '1',
  );
  const relayLimit = relayLimitOf(answer.headers);
  const whose = relayLimit === 'sign-ins' ? ' (the relay’s own limit)' : '';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography component="p" variant="h6">
        <Box component="span" sx={{ fontFamily: 'monospace' }}>
          {answer.status}
        </Box>{' '}
        <Typography component="span" variant="body1">
          {statusMeaning(answer.status)}
        </Typography>
      </Typography>
      {relayLimit !== null && (
        <Alert severity="info" variant="outlined">
          Refused by this server’s relay, not by the tenant.{' '}
          {relayLimitSentence(relayLimit, relayLimit === 'sign-ins' ? (rate?.limit ?? null) : null)}
        </Alert>
      )}
      {replayed && (
        <Alert severity="info" variant="outlined">
          Replayed from a recording: the emulator answered with what a real tenant answered when this call was
          recorded.
        </Alert>
      )}
      <FieldList
        fields={[
          { label: 'Time taken', value: `${answer.ms} ms` },
          { label: 'Size', value: sizeText(answer.size) },
          {
            label: 'Rate limit',
            value: !rate
              ? 'No rate-limit headers'
              : waiting
                ? `${rate.remaining} of ${rate.limit} left${whose}`
                : `${rate.remaining} of ${rate.limit} left${whose}; resets at ${new Date(answer.resetAt ?? rate.resetAt).toLocaleTimeString()}`,
          },
        ]}
      />
      {rate && <RateLimitBar method={answer.rateMethod} info={rate} />}
      <Box component="details">
        <Box component="summary" sx={{ cursor: 'pointer' }}>
          Answer headers ({answer.headers.length})
        </Box>
        <NamedRowsTable
          label="Answer headers"
          rows={answer.headers.map(([name, value]) => ({ key: name, name, value }))}
          cellSx={{ fontFamily: 'monospace' }}
        />
      </Box>
      <Box>
        <Typography component="h3" variant="subtitle1" gutterBottom>
          Body
        </Typography>
        <AnswerBody answer={answer} />
      </Box>
    </Box>
  );
}
