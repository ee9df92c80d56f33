import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useHistoryStore, type HistoryEntry } from '../history/history-store';
import { copyable, CopyCommands, useTokenInCopies } from './copy-commands';
import { WrapPoints } from '@/components/wrap-points';

/**
 * This tab's last requests: run again, load into the form, copy as curl, fetch, PowerShell or Python (the token
 * only on request).
 */
export function HistoryList({
  apiBase,
  connection,
  token,
  busy,
  onRerun,
  onEdit,
}: {
  /** The address a tool outside the browser calls. */
  apiBase: string;
  /** The label of the session's connection, which copies name. */
  connection: string;
  token: string;
  busy: boolean;
  onRerun: (entry: HistoryEntry) => void;
  onEdit: (entry: HistoryEntry) => void;
}) {
  const entries = useHistoryStore((s) => s.entries);
  const { reveal, toggle } = useTokenInCopies();
  if (entries.length === 0)
    return <Typography color="text.secondary">Nothing sent yet in this tab.</Typography>;
  return (
    <>
      {toggle}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {entries.map((entry) => {
          const name = `${entry.request.method} ${entry.request.path}`;
          return (
            <Box
              component="li"
              key={entry.id}
              aria-label={name}
              sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}
            >
              <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'break-word' }}>
                <WrapPoints text={name} />
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {entry.status === null ? 'No answer' : `HTTP ${entry.status}`} at{' '}
                {new Date(entry.sentAt).toLocaleTimeString()}
                {entry.masked && ' · a secret (password, key or token) masked: edit to send again'}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
                <Button
                  size="small"
                  variant="outlined"
                  disabled={busy || entry.masked}
                  onClick={() => onRerun(entry)}
                >
                  Re-run
                </Button>
                <Button size="small" variant="outlined" onClick={() => onEdit(entry)}>
                  Edit
                </Button>
                <CopyCommands
                  request={() => copyable(apiBase, connection, entry.request)}
                  token={reveal ? token : null}
                />
              </Box>
            </Box>
          );
        })}
      </Box>
    </>
  );
}
