import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ApiBody } from '@/lib/api-client';
import { rateMethodOf } from '@/lib/rate-method';
import { readAnswer } from '../history/history-db';
import type { HistoryEntry } from '../history/history-entry';
import { AnswerBody } from './answer-body';

/** A kept answer's text read as the screen reads one that just came. */
function bodyOf(text: string): ApiBody {
  if (text.trim() === '') return { type: 'empty' };
  try {
    return { type: 'json', data: JSON.parse(text) as unknown };
  } catch {
    return { type: 'text', text };
  }
}

/** The kept answer of a History entry, reopened from storage, as the Answer shows one. */
export function KeptAnswerView({ entry, onClose }: { entry: HistoryEntry; onClose: () => void }) {
  const [text, setText] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void readAnswer(entry.id).then((read) => live && setText(read));
    return () => {
      live = false;
    };
  }, [entry.id]);
  const title = `${entry.request.method} ${entry.request.path}`;
  return (
    <Box
      role="region"
      aria-label="Kept answer"
      sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
          HTTP {entry.status} · {title}
        </Typography>
        <Button size="small" onClick={onClose}>
          Close
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Sent {new Date(entry.sentAt).toLocaleString()} on {entry.connection}; kept with secrets masked.
      </Typography>
      {text === undefined ? (
        <Typography>Reading…</Typography>
      ) : text === null ? (
        <Typography>This answer is no longer kept.</Typography>
      ) : (
        <AnswerBody
          answer={{
            text,
            body: bodyOf(text),
            rateMethod: rateMethodOf(entry.request.method, entry.request.path),
          }}
        />
      )}
    </Box>
  );
}
