import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { NamedRowsTable } from '@/components/named-rows-table';
import { OUTCOME_LABELS, type KeyOutcome } from '../key-test/key-outcome';
import type { KeyTestRow } from '../key-test/test-key-everywhere';

const CAPTION_ID = 'key-test-everywhere-caption';

function OutcomeCell({ outcome }: { outcome: KeyOutcome | null }) {
  if (outcome === null) {
    return (
      <Typography variant="body2" color="text.secondary">
        Testing…
      </Typography>
    );
  }
  const detail =
    outcome.kind === 'rate-limited'
      ? `${outcome.detail} Resets at ${new Date(outcome.resetAt).toLocaleTimeString()}.`
      : outcome.detail;
  return (
    <>
      <Typography variant="body2" component="strong" sx={{ fontWeight: 700, display: 'block' }}>
        {OUTCOME_LABELS[outcome.kind]}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {detail}
      </Typography>
    </>
  );
}

const connections = (n: number) => `${n} connection${n === 1 ? '' : 's'}`;

function summary(rows: KeyTestRow[]): string {
  const tested = rows.flatMap((row) => (row.outcome?.kind === 'skipped' ? [] : [row.outcome?.kind]));
  const done = tested.filter((kind) => kind !== undefined);
  if (done.length < tested.length)
    return `Testing on ${connections(tested.length)}: ${done.length} answered.`;
  const counts = Object.entries(OUTCOME_LABELS).flatMap(([kind, label]) => {
    const n = done.filter((k) => k === kind).length;
    return n ? [`${label}: ${n}`] : [];
  });
  const skipped = rows.length - tested.length;
  const others = skipped ? ` Not tested on ${connections(skipped)} of other organizations.` : '';
  return `Tested on ${connections(tested.length)}. ${counts.join(', ')}.${others}`;
}

/** The outcome of one key on every connection, a row each; a scroll region of its own on a narrow screen. */
export default function KeyTestTable({ rows }: { rows: KeyTestRow[] }) {
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="body2" role="status" sx={{ mb: 1 }}>
        {summary(rows)}
      </Typography>
      <Box
        role="region"
        aria-labelledby={CAPTION_ID}
        tabIndex={0}
        sx={{ overflowX: 'auto', maxWidth: '100%' }}
      >
        <NamedRowsTable
          label="The BEID and key on every connection"
          captionId={CAPTION_ID}
          columns={['Connection', 'Outcome']}
          rows={rows.map(({ connection, outcome }) => ({
            key: connection.id,
            busy: outcome === null,
            name: (
              <>
                {connection.label}
                <Typography variant="body2" color="text.secondary">
                  <code>{connection.baseUrl}</code>
                </Typography>
              </>
            ),
            value: <OutcomeCell outcome={outcome} />,
          }))}
          cellSx={{ minWidth: '8rem' }}
        />
      </Box>
    </Box>
  );
}
