import {
  Fragment,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type ChangeEvent,
  type Ref,
} from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { TextInput } from '@/components/text-input';
import { downloadFile } from '@/lib/download-file';
import { ownValue } from '@/lib/own-value';
import { useTextField } from '@/components/use-text-field';
import { useRequestFormStore } from '../form/form-store';
import { fromPostmanFile, toPostman } from '../saved/postman-collection';
import type { RequestForm } from '../form/request-form';
import {
  folderFromText,
  folderText,
  formFromSaved,
  savedFrom,
  type SavedRequest,
} from '../saved/saved-request';
import { freeName, useSavedStore } from '../saved/saved-store';
import { useVariablesStore, variablesOf } from '../variables/variables-store';
import { WrapPoints } from '@/components/wrap-points';
import { ReplaceSaved } from './replace-saved';
import { FolderGroup, groupByFolder } from './saved-folders';

const NONE: SavedRequest[] = [];

const STORAGE_FULL = 'This browser’s storage is full';

/** Saved requests listed at a time: an import may bring thousands, and each is a row of buttons. */
const PAGE = 100;

/** How many requests an import names as not imported, or as not brought over whole; the rest are counted. */
const SKIPPED_NAMED = 10;

/** What an import did: a sentence, the requests it brought over without all of them, and its id. */
interface Status {
  text: string;
  lost?: string[];
  importId?: string;
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

/** What the library asks of the saved list: the save (false when a name is wanted first), and focus. */
export interface SavedListHandle {
  save: () => boolean;
  /** The search box (the name field while nothing is saved, as there is no search), or the name field. */
  focus: (target: 'search' | 'name') => void;
}

/** A request just deleted, and where it stood: what _Undo_ puts back. */
interface Deleted {
  saved: SavedRequest;
  at: number;
}

/**
 * Requests kept in this browser for this organization (its sandbox and production share them): save the form under
 * a name (a name already there asks whether to replace that request or keep both), load one back to edit or send,
 * delete (with _Undo_), and export or import them as a Postman collection, with the organization's variables (an
 * environment file's too, on import).
 */
export function SavedList({
  organization,
  connection,
  label,
  kept,
  onLoad,
  handle,
}: {
  /** `Connection.organization`: saved requests and variables belong to it, shared by its sandbox and production. */
  organization: string;
  /** The connection's API base: the export's `baseUrl`, and where an older console kept saved requests. */
  connection: string;
  label: string;
  /** The form as its description keeps it (secrets masked): what _Save the form_ saves. */
  kept: RequestForm;
  onLoad: () => void;
  /** _Save the form_ for the screen's shortcut (false: a name is wanted first), and focus for the library. */
  handle?: Ref<SavedListHandle>;
}) {
  const saved = useSavedStore((s) => ownValue(s.byOrganization, organization) ?? NONE);
  const adopt = useSavedStore((s) => s.adopt);
  const removeImport = useSavedStore((s) => s.removeImport);
  useEffect(() => adopt(connection, organization), [adopt, connection, organization]);
  const save = useSavedStore((s) => s.save);
  const remove = useSavedStore((s) => s.remove);
  const restore = useSavedStore((s) => s.restore);
  const [asking, setAsking] = useState<SavedRequest | null>(null);
  const [deleted, setDeleted] = useState<Deleted | null>(null);
  const load = useRequestFormStore((s) => s.load);
  const variables = useVariablesStore((s) => variablesOf(s, organization));
  const putVariables = useVariablesStore((s) => s.put);
  const { text: name, setText: setName, setError, field } = useTextField();
  const [status, setStatusOf] = useState<Status>({ text: '' });
  const setStatus = (text: string, lost?: string[], importId?: string) =>
    setStatusOf({ text, lost, importId });
  const [shown, setShown] = useState(PAGE);
  const [folderInput, setFolderInput] = useState('');
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const found =
    needle === ''
      ? saved
      : saved.filter((s) =>
          `${s.name}\n${s.method} /api/${s.path}\n${folderText(s.folder)}`.toLowerCase().includes(needle),
        );
  const groups = groupByFolder(found);
  const folders = [...new Set(saved.flatMap((s) => (s.folder ? [folderText(s.folder)] : [])))];
  const foldersId = useId();
  // A page holds `shown` requests of the open folders; a closed folder's requests wait until it is opened.
  let budget = shown;
  const paged = groups.map((group) => {
    const open = !closed.has(group.key);
    const entries = open ? group.entries.slice(0, Math.max(0, budget)) : [];
    if (open) budget -= group.entries.length;
    return { ...group, open, entries };
  });
  // An open folder whose requests are all past this page waits for _Show next_.
  const pagedShown = paged.filter((group) => !group.open || group.entries.length > 0);
  const openCount = groups.reduce((n, g) => n + (closed.has(g.key) ? 0 : g.entries.length), 0);
  const fileInput = useRef<HTMLInputElement>(null);

  const nameInput = useRef<HTMLInputElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  useImperativeHandle(handle, () => ({
    save: saveForm,
    focus: (target) =>
      (target === 'search' && searchInput.current ? searchInput : nameInput).current?.focus(),
  }));

  function saveForm(): boolean {
    if (name.trim() === '') {
      setError('Give the request a name.');
      nameInput.current?.focus();
      return false;
    }
    const folder = folderFromText(folderInput);
    const entry = { ...savedFrom(name, kept), ...(folder ? { folder } : {}) };
    if (saved.some((s) => s.name === entry.name)) setAsking(entry);
    else keep(entry, 'Saved');
    return true;
  }

  function keep(entry: SavedRequest, done: 'Saved' | 'Replaced') {
    setAsking(null);
    if (!save(organization, [entry])) {
      setStatus(`${STORAGE_FULL}: “${entry.name}” was not saved. Delete some saved requests and try again.`);
      return;
    }
    setName(entry.name);
    setFolderInput(folderText(entry.folder));
    setStatus(
      `${done} “${entry.name}”${entry.folder ? ` in ${folderText(entry.folder)}` : ''}.${entry.masked ? ' A secret in it (a password, key or token) was masked: fill it in again before sending.' : ''}`,
    );
  }

  function deleteOne(entry: SavedRequest) {
    const at = saved.indexOf(entry);
    if (!remove(organization, entry.name)) {
      setStatus(`${STORAGE_FULL}: “${entry.name}” was not deleted.`);
      return;
    }
    setStatus('');
    setDeleted({ saved: entry, at });
  }

  function undoDelete() {
    if (!deleted) return;
    setDeleted(null);
    setStatus(
      restore(organization, deleted.saved, deleted.at)
        ? `Put “${deleted.saved.name}” back.`
        : `${STORAGE_FULL}: “${deleted.saved.name}” was not put back.`,
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
    // An import replaces nothing: a name already saved gets the next free one.
    const importId = crypto.randomUUID();
    const names = [...saved];
    const requests = read
      .flatMap((r) => r.saved)
      .map((s) => {
        const one = { ...s, name: freeName(names, s.name), importId };
        names.push(one);
        return one;
      });
    // An empty value (a secret-named one, as an export leaves it) never takes the place of a value kept.
    const imported = read
      .flatMap((r) => r.variables)
      .filter((v) => v.value !== '' || !variables.some((kept) => kept.name === v.name && kept.value !== ''));
    if (!save(organization, requests) || (imported.length > 0 && !putVariables(organization, imported)))
      return setStatus(`${STORAGE_FULL}: nothing was imported. Delete some saved requests and try again.`);
    setStatus(
      importedStatus(
        requests.length,
        new Set(imported.map((v) => v.name)).size,
        read.flatMap((r) => r.skipped),
      ),
      read.flatMap((r) => r.lost),
      importId,
    );
  }

  function undoImport(importId: string) {
    const count = saved.filter((s) => s.importId === importId).length;
    setStatus(
      removeImport(organization, importId)
        ? `Removed the ${count} request${count === 1 ? '' : 's'} of that import.`
        : `${STORAGE_FULL}: the import was not removed.`,
    );
  }

  const entryItem = (entry: SavedRequest) => (
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
            setFolderInput(folderText(entry.folder));
            setStatus('');
            onLoad();
          }}
        >
          Load
        </Button>
        <Button size="small" variant="outlined" onClick={() => deleteOne(entry)}>
          Delete
        </Button>
      </Box>
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 200px' }}>
          <TextInput
            label="Name to save the form as"
            {...field}
            hint="Kept in this browser for this organization (its sandbox and production), never with a token"
            inputProps={{ ref: nameInput }}
          />
        </Box>
        <Box sx={{ flex: '1 1 160px' }}>
          <TextInput
            label="Folder"
            value={folderInput}
            onChange={(e) => setFolderInput(e.target.value)}
            hint="Optional: Tickets / Bulk is Bulk inside Tickets"
            inputProps={{ list: foldersId }}
          />
          <datalist id={foldersId}>
            {folders.map((f) => (
              <option key={f} value={f} />
            ))}
          </datalist>
        </Box>
        <Button variant="outlined" onClick={saveForm} sx={{ mt: 1 }}>
          Save the form
        </Button>
      </Box>
      <Box role="status" aria-live="polite">
        <Typography variant="body2">{status.text}</Typography>
        {status.lost && status.lost.length > 0 && <LostList lost={status.lost} />}
      </Box>
      {status.importId && saved.some((s) => s.importId === status.importId) && (
        <Button
          size="small"
          variant="outlined"
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => status.importId && undoImport(status.importId)}
        >
          Remove this import
        </Button>
      )}
      {saved.length > 0 && (
        <TextInput
          label="Search saved requests"
          inputProps={{ ref: searchInput }}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setShown(PAGE);
            // What a search finds is shown: every folder holding some of it opens.
            setClosed(new Set());
          }}
          hint={`By name, method, path or folder: ${found.length.toLocaleString('en-US')} of ${saved.length.toLocaleString('en-US')} shown`}
        />
      )}
      {saved.length === 0 ? (
        <Typography color="text.secondary">Nothing saved for this organization yet.</Typography>
      ) : (
        <Box component="ol" aria-label="Saved requests" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {pagedShown.map((group) =>
            group.folder ? (
              <FolderGroup
                key={group.key}
                folder={group.folder}
                count={groups.find((g) => g.key === group.key)!.entries.length}
                open={group.open}
                onToggle={() => {
                  const next = new Set(closed);
                  if (!next.delete(group.key)) next.add(group.key);
                  setClosed(next);
                }}
              >
                {group.entries.map(entryItem)}
              </FolderGroup>
            ) : (
              <Fragment key={group.key}>{group.entries.map(entryItem)}</Fragment>
            ),
          )}
        </Box>
      )}
      {openCount > shown && (
        <Button size="small" sx={{ alignSelf: 'flex-start' }} onClick={() => setShown(shown + PAGE)}>
          Show next {Math.min(PAGE, openCount - shown)} ({(shown + 1).toLocaleString('en-US')}–
          {Math.min(shown + PAGE, openCount).toLocaleString('en-US')} of {openCount.toLocaleString('en-US')})
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
      <ReplaceSaved
        name={asking?.name ?? null}
        freeName={asking ? freeName(saved, asking.name) : ''}
        onReplace={() => asking && keep(asking, 'Replaced')}
        onKeepBoth={() => asking && keep({ ...asking, name: freeName(saved, asking.name) }, 'Saved')}
        onCancel={() => setAsking(null)}
      />
      <Snackbar
        open={deleted !== null}
        message={deleted ? `Deleted “${deleted.saved.name}”.` : ''}
        onClose={(_, reason) => reason !== 'clickaway' && setDeleted(null)}
        action={
          <Button color="inherit" size="small" onClick={undoDelete}>
            Undo
          </Button>
        }
      />
    </Box>
  );
}
