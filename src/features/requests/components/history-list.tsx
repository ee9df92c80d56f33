import { useEffect, useState, type Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useSessionStore } from '@/session/stores/session-store';
import { answersContaining } from '../history/history-db';
import type { HistoryEntry } from '../history/history-entry';
import { useHistoryStore } from '../history/history-store';
import { ANY_ENTRY, searchHistory } from '../history/search-history';
import { AnswersCompared } from './answers-compared';
import { copyable, CopyCommands, useTokenInCopies } from './copy-commands';
import { HistorySearchFields } from './history-search';
import { KeptAnswerView } from './kept-answer-view';
import { WrapPoints } from '@/components/wrap-points';

/** Entries listed at a time: each is a row of buttons. */
const PAGE = 50;

/** The ids of entries whose kept answer holds `text`, read from storage as the text changes. */
function useAnswersContaining(organization: string | null, text: string, entries: readonly HistoryEntry[]) {
  const [found, setFound] = useState<{ text: string; ids: Set<string> }>({ text: '', ids: new Set() });
  const wanted = text.trim();
  useEffect(() => {
    if (organization === null || wanted === '') return;
    let live = true;
    void answersContaining(organization, wanted).then((ids) => live && setFound({ text: wanted, ids }));
    return () => {
      live = false;
    };
  }, [organization, wanted, entries]);
  return found.text === wanted ? found.ids : undefined;
}

function statusLine(entry: HistoryEntry): string {
  const status = entry.status === null ? 'No answer' : `HTTP ${entry.status}`;
  return `${status} · ${new Date(entry.sentAt).toLocaleString()} · ${entry.connection}`;
}

/**
 * The organization's requests, kept in this browser (its sandbox and production together): searched, run again,
 * loaded into the form, copied (the token only on request), their kept answers reopened and two of them compared;
 * _Forget history_ clears them.
 */
export function HistoryList({
  apiBase,
  connection,
  token,
  busy,
  onRerun,
  onEdit,
  searchRef,
}: {
  /** The address a tool outside the browser calls. */
  apiBase: string;
  /** The label of the session's connection, which copies name. */
  connection: string;
  token: string;
  busy: boolean;
  onRerun: (entry: HistoryEntry) => void;
  onEdit: (entry: HistoryEntry) => void;
  /** The search's text field (absent while nothing is kept): where the library puts focus. */
  searchRef?: Ref<HTMLInputElement>;
}) {
  const organization = useSessionStore((s) => s.session?.connection.organization ?? null);
  const entries = useHistoryStore((s) => s.entries);
  const open = useHistoryStore((s) => s.open);
  const forget = useHistoryStore((s) => s.forget);
  const { reveal, toggle } = useTokenInCopies();
  const [search, setSearch] = useState(ANY_ENTRY);
  const [shown, setShown] = useState(PAGE);
  const [opened, setOpened] = useState<HistoryEntry | null>(null);
  const [compared, setCompared] = useState<string[]>([]);
  useEffect(() => {
    if (organization !== null) void open(organization);
  }, [organization, open]);
  const inAnswers = useAnswersContaining(organization, search.text, entries);
  const found = searchHistory(entries, search, inAnswers);
  const pair = compared
    .map((id) => entries.find((e) => e.id === id))
    .filter((e): e is HistoryEntry => e !== undefined);
  if (entries.length === 0)
    return (
      <Typography color="text.secondary">
        Nothing sent yet from this browser for this organization.
      </Typography>
    );
  const toggleCompared = (id: string, on: boolean) =>
    setCompared((ids) => (on ? [...ids.filter((i) => i !== id), id].slice(-2) : ids.filter((i) => i !== id)));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <HistorySearchFields
        textRef={searchRef}
        search={search}
        onChange={(next) => {
          setSearch(next);
          setShown(PAGE);
        }}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" role="status" sx={{ flex: 1 }}>
          {found.length === entries.length
            ? `${entries.length} request${entries.length === 1 ? '' : 's'}, kept in this browser without tokens or secrets`
            : `${found.length} of ${entries.length} requests match`}
          {search.text.trim() !== '' && inAnswers === undefined ? ' (searching the answers…)' : ''}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          color="error"
          onClick={() => {
            setOpened(null);
            setCompared([]);
            void forget();
          }}
        >
          Forget history
        </Button>
      </Box>
      {toggle}
      {opened && <KeptAnswerView key={opened.id} entry={opened} onClose={() => setOpened(null)} />}
      {pair.length === 2 && <AnswersCompared pair={[pair[0]!, pair[1]!]} onClose={() => setCompared([])} />}
      {pair.length === 1 && (
        <Typography variant="body2" color="text.secondary">
          Choose one more answer to compare.
        </Typography>
      )}
      <Box component="ol" aria-label="Requests sent" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {found.slice(0, shown).map((entry) => {
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
                {statusLine(entry)}
                {entry.masked && ' · a secret (password, key or token) masked: edit to send again'}
              </Typography>
              {entry.answerNote && (
                <Typography variant="body2" color="text.secondary">
                  {entry.answerNote}
                </Typography>
              )}
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.5, alignItems: 'center' }}>
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
                {entry.answerSize > 0 && (
                  <>
                    <Button size="small" variant="outlined" onClick={() => setOpened(entry)}>
                      Open the answer
                    </Button>
                    <FormControlLabel
                      control={
                        <Checkbox
                          size="small"
                          checked={compared.includes(entry.id)}
                          onChange={(e) => toggleCompared(entry.id, e.target.checked)}
                        />
                      }
                      label="Compare"
                    />
                  </>
                )}
                <CopyCommands
                  request={() => copyable(apiBase, connection, entry.request)}
                  token={reveal ? token : null}
                />
              </Box>
            </Box>
          );
        })}
      </Box>
      {found.length > shown && (
        <Button size="small" sx={{ alignSelf: 'flex-start' }} onClick={() => setShown(shown + PAGE)}>
          Show {Math.min(PAGE, found.length - shown)} more
        </Button>
      )}
    </Box>
  );
}
