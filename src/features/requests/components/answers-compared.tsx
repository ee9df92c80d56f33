import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { compareAnswers, type Comparison } from '../history/compare-answers';
import { readAnswer } from '../history/history-db';
import type { HistoryEntry } from '../history/history-entry';

const MONO = { fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' } as const;

/** Rows of differences shown at once: two large answers may differ everywhere. */
const SHOWN_ROWS = 500;

const label = (e: HistoryEntry) =>
  `HTTP ${e.status ?? '–'} · ${e.request.method} ${e.request.path} · ${new Date(e.sentAt).toLocaleString()}`;

function Cell({ text, mark }: { text: string | undefined; mark: 'added' | 'removed' | null }) {
  return (
    <Box
      component="td"
      sx={{
        ...MONO,
        p: 0.5,
        verticalAlign: 'top',
        bgcolor: mark === 'added' ? 'success.light' : mark === 'removed' ? 'error.light' : undefined,
        color: mark ? 'common.black' : undefined,
      }}
    >
      {text === undefined ? <em>(absent)</em> : text}
    </Box>
  );
}

/** Differences side by side: A's value on the left, B's on the right, what differs marked. */
function Differences({ comparison }: { comparison: Comparison }) {
  const rows =
    comparison.kind === 'json'
      ? comparison.differences.map((d) => ({ where: d.where, a: d.a, b: d.b, differs: true }))
      : comparison.lines.map((l, i) => ({ where: `line ${i + 1}`, ...l })).filter((l) => l.differs);
  if (rows.length === 0) return <Typography>The two answers are the same.</Typography>;
  return (
    <>
      <Typography sx={{ mb: 1 }}>
        {rows.length.toLocaleString('en-US')} difference{rows.length === 1 ? '' : 's'}
        {rows.length > SHOWN_ROWS ? ` (the first ${SHOWN_ROWS} shown)` : ''}.
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Box
          component="table"
          aria-label="Differences"
          sx={{
            borderCollapse: 'collapse',
            width: '100%',
            '& th, & td': { border: 1, borderColor: 'divider' },
          }}
        >
          <thead>
            <tr>
              <Box component="th" scope="col" sx={{ p: 0.5, textAlign: 'left' }}>
                Where
              </Box>
              <Box component="th" scope="col" sx={{ p: 0.5, textAlign: 'left' }}>
                A
              </Box>
              <Box component="th" scope="col" sx={{ p: 0.5, textAlign: 'left' }}>
                B
              </Box>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, SHOWN_ROWS).map((row) => (
              <tr key={row.where}>
                <Box component="th" scope="row" sx={{ ...MONO, p: 0.5, textAlign: 'left', fontWeight: 400 }}>
                  {row.where}
                </Box>
                <Cell text={row.a} mark={row.a === undefined ? null : 'removed'} />
                <Cell text={row.b} mark={row.b === undefined ? null : 'added'} />
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </>
  );
}

/** Two History answers compared side by side (A the earlier), each read back from storage. */
export function AnswersCompared({
  pair,
  onClose,
}: {
  pair: [HistoryEntry, HistoryEntry];
  onClose: () => void;
}) {
  const [a, b] = pair[0].sentAt <= pair[1].sentAt ? pair : [pair[1], pair[0]];
  const [texts, setTexts] = useState<[string | null, string | null] | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all([readAnswer(a.id), readAnswer(b.id)]).then((read) => live && setTexts(read));
    return () => {
      live = false;
    };
  }, [a.id, b.id]);
  return (
    <Box
      role="region"
      aria-label="Answers compared"
      sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', mb: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ flex: 1 }}>
          Two answers compared
        </Typography>
        <Button size="small" onClick={onClose}>
          Close
        </Button>
      </Box>
      <Box
        component="dl"
        sx={{ m: 0, mb: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1 }}
      >
        <Box component="dt" sx={{ fontWeight: 600 }}>
          A
        </Box>
        <Box component="dd" sx={{ m: 0, ...MONO }}>
          {label(a)}
        </Box>
        <Box component="dt" sx={{ fontWeight: 600 }}>
          B
        </Box>
        <Box component="dd" sx={{ m: 0, ...MONO }}>
          {label(b)}
        </Box>
      </Box>
      {texts === null ? (
        <Typography>Reading…</Typography>
      ) : texts[0] === null || texts[1] === null ? (
        <Typography>One of these answers is no longer kept.</Typography>
      ) : (
        <Differences comparison={compareAnswers(texts[0], texts[1])} />
      )}
    </Box>
  );
}
