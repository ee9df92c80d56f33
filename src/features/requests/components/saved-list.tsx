import { useImperativeHandle, useRef, useState, type ChangeEvent, type Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { TextInput } from '@/components/text-input';
import { downloadFile } from '@/lib/download-file';
import { ownValue } from '@/lib/own-value';
import { useTextField } from '@/components/use-text-field';
import { useRequestFormStore } from '../form/form-store';
import { fromPostmanFile, toPostman } from '../saved/postman-collection';
import type { RequestForm } from '../form/request-form';
import { formFromSaved, savedFrom, type SavedRequest } from '../saved/saved-request';
import { useSavedStore } from '../saved/saved-store';
import { useVariablesStore, variablesOf } from '../variables/variables-store';
import { WrapPoints } from '@/components/wrap-points';

const NONE: SavedRequest[] = [];

const STORAGE_FULL = 'This browser’s storage is full';

/** Saved requests listed at a time: an import may bring thousands, and each is a row of buttons. */
const PAGE = 100;

/** How many requests an import names as not imported, or as not brought over whole; the rest are counted. */
const SKIPPED_NAMED = 10;

/** What an import did: a sentence, and the requests it brought over without all of them. */
interface Status {
  text: string;
  lost?: string[];
}

function importedStatus(count: number, variables: number, skipped: string[]): string {
  const named = skipped.slice(0, SKIPPED_NAMED).join('; ');
  const more = skipped.length > SKIPPED_NAMED ? `; and ${skipped.length - SKIPPED_NAMED} more` : '';
  const also = variables > 0 ? ` and ${variables} variable${variables === 1 ? '' : 's'}` : '';
  return `Imported ${count} request${count === 1 ? '' : 's'}${also}.${skipped.length > 0 ? ` Not imported: ${named}${more}.` : ''}`;
}

/**
 * What an import did not bring over, a line per request (folder, collection): the console sends no headers of its
 * own choosing, JSON bodies only, the session's token instead of any auth, and runs no scripts.
 */
function LostList({ lost }: { lost: string[] }) {
  const more = lost.length - SKIPPED_NAMED;
  return (
    <>
      <Typography variant="body2" sx={{ mt: 1 }}>
        Not brought over (the console sends JSON bodies and the session’s token, no other headers, and runs no
        scripts):
      </Typography>
      <Box component="ul" aria-label="Not brought over" sx={{ m: 0, pl: 3, overflowWrap: 'anywhere' }}>
        {lost.slice(0, SKIPPED_NAMED).map((line, i) => (
          <Typography component="li" variant="body2" key={i}>
            {line}
          </Typography>
        ))}
        {more > 0 && (
          <Typography component="li" variant="body2">
            And {more} more like these.
          </Typography>
        )}
      </Box>
    </>
  );
}

/**
 * Requests kept in this browser for this connection: save the form under a name (saving under a name already
 * there replaces it), load one back to edit or send, delete, and export or import them as a Postman collection,
 * with the organization's variables (an environment file's too, on import).
 */
export function SavedList({
  connection,
  organization,
  label,
  kept,
  onLoad,
  saveRef,
}: {
  /** The connection's API base: saved requests belong to it. */
  connection: string;
  /** The connection's organization: its variables go out with an export and come in with an import. */
  organization: string;
  label: string;
  /** The form as its description keeps it (secrets masked): what _Save the form_ saves. */
  kept: RequestForm;
  onLoad: () => void;
  /** _Save the form_, for the screen's shortcut to it. */
  saveRef?: Ref<{ save: () => void }>;
}) {
  const saved = useSavedStore((s) => ownValue(s.byConnection, connection) ?? NONE);
  const save = useSavedStore((s) => s.save);
  const remove = useSavedStore((s) => s.remove);
  const load = useRequestFormStore((s) => s.load);
  const variables = useVariablesStore((s) => variablesOf(s, organization));
  const putVariables = useVariablesStore((s) => s.put);
  const { text: name, setText: setName, setError, field } = useTextField();
  const [status, setStatusOf] = useState<Status>({ text: '' });
  const setStatus = (text: string, lost?: string[]) => setStatusOf({ text, lost });
  const [shown, setShown] = useState(PAGE);
  const fileInput = useRef<HTMLInputElement>(null);

  const nameInput = useRef<HTMLInputElement>(null);
  useImperativeHandle(saveRef, () => ({ save: saveForm }));

  function saveForm() {
    if (name.trim() === '') {
      setError('Give the request a name.');
      nameInput.current?.focus();
      return;
    }
    const entry = savedFrom(name, kept);
    const replaced = saved.some((s) => s.name === entry.name);
    if (!save(connection, [entry])) {
      setStatus(`${STORAGE_FULL}: “${entry.name}” was not saved. Delete some saved requests and try again.`);
      return;
    }
    setStatus(
      `${replaced ? 'Updated' : 'Saved'} “${entry.name}”.${entry.masked ? ' A secret in it (a password, key or token) was masked: fill it in again before sending.' : ''}`,
    );
  }

  /** A collection, an environment, or both at once: the environment's values win, as in Postman. */
  async function importFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    const reads = await Promise.all(files.map(fromPostmanFile));
    const refused = reads.find((read) => !read.ok);
    if (refused && !refused.ok) return setStatus(refused.message);
    const read = reads.flatMap((r) => (r.ok ? [r] : [])).sort((a, b) => b.saved.length - a.saved.length);
    const requests = read.flatMap((r) => r.saved);
    // An empty value (a secret-named one, as an export leaves it) never takes the place of a value kept.
    const imported = read
      .flatMap((r) => r.variables)
      .filter((v) => v.value !== '' || !variables.some((kept) => kept.name === v.name && kept.value !== ''));
    if (!save(connection, requests) || (imported.length > 0 && !putVariables(organization, imported)))
      return setStatus(`${STORAGE_FULL}: nothing was imported. Delete some saved requests and try again.`);
    setStatus(
      importedStatus(
        requests.length,
        new Set(imported.map((v) => v.name)).size,
        read.flatMap((r) => r.skipped),
      ),
      read.flatMap((r) => r.lost),
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 200px' }}>
          <TextInput
            label="Name to save the form as"
            {...field}
            hint="Kept in this browser for this connection, never with a token"
            inputProps={{ ref: nameInput }}
          />
        </Box>
        <Button variant="outlined" onClick={saveForm} sx={{ mt: 1 }}>
          Save the form
        </Button>
      </Box>
      <Box role="status" aria-live="polite">
        <Typography variant="body2">{status.text}</Typography>
        {status.lost && status.lost.length > 0 && <LostList lost={status.lost} />}
      </Box>
      {saved.length === 0 ? (
        <Typography color="text.secondary">Nothing saved for this connection yet.</Typography>
      ) : (
        <Box component="ol" aria-label="Saved requests" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {saved.slice(0, shown).map((entry) => (
            <Box
              component="li"
              key={entry.name}
              aria-label={entry.name}
              sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}
            >
              <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                {entry.name}
              </Typography>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'break-word' }}>
                <WrapPoints text={`${entry.method} /api/${entry.path}`} />
              </Typography>
              {entry.masked && (
                <Typography variant="body2" color="text.secondary">
                  A secret (password, key or token) masked: fill it in again before sending
                </Typography>
              )}
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => {
                    load(formFromSaved(entry));
                    setName(entry.name);
                    setStatus('');
                    onLoad();
                  }}
                >
                  Load
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() =>
                    setStatus(
                      remove(connection, entry.name)
                        ? `Deleted “${entry.name}”.`
                        : `${STORAGE_FULL}: “${entry.name}” was not deleted.`,
                    )
                  }
                >
                  Delete
                </Button>
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {saved.length > shown && (
        <Button size="small" sx={{ alignSelf: 'flex-start' }} onClick={() => setShown(shown + PAGE)}>
          Show next {Math.min(PAGE, saved.length - shown)} ({(shown + 1).toLocaleString('en-US')}–
          {Math.min(shown + PAGE, saved.length).toLocaleString('en-US')} of{' '}
          {saved.length.toLocaleString('en-US')})
        </Button>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          disabled={saved.length === 0}
          onClick={() =>
            downloadFile(
              'auth-console-requests.postman_collection.json',
              JSON.stringify(
                toPostman(saved, { name: `Auth Console: ${label}`, baseUrl: connection, variables }),
                null,
                2,
              ),
              'application/json',
            )
          }
        >
          Export as a Postman collection
        </Button>
        <Button size="small" variant="outlined" onClick={() => fileInput.current?.click()}>
          Import a Postman collection
        </Button>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept=".json,application/json"
          aria-label="Postman collection file"
          tabIndex={-1}
          hidden
          onChange={(e) => void importFiles(e)}
        />
      </Box>
    </Box>
  );
}
