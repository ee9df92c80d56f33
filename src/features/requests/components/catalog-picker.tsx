import { memo, useCallback, useDeferredValue, useId, useMemo, useState, type Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { TextInput } from '@/components/text-input';
import { VISUALLY_HIDDEN } from '@/components/visually-hidden';
import type { CatalogEntry } from '@contract/catalog/catalog-entry';
import type { Connection } from '@/lib/connection';
import { groupByArea, type AreaGroup } from '../catalog/group-by-area';
import { helpUrl } from '../catalog/help-url';
import { limitWords } from '../catalog/limit-words';
import { isRecorded, type RecordedOperations } from '../catalog/recorded-operations';
import { searchCatalog } from '../catalog/search-catalog';
import { useRecordedOperations } from '../api/list-recorded-operations';
import { WrapPoints } from '@/components/wrap-points';

/** How many endpoints a search shows at once: the whole catalog is several hundred. */
const SHOWN = 60;

type Choose = (entry: CatalogEntry) => void;

/** A mark beside an operation's method and path, part of its button's name. */
function Mark({ label, color }: { label: string; color: 'success.main' | 'primary.main' }) {
  return (
    <Box
      component="span"
      sx={{
        border: 1,
        borderColor: color,
        color,
        borderRadius: 3,
        px: 1,
        fontSize: '0.75rem',
        lineHeight: 1.6,
        flexShrink: 0,
      }}
    >
      {label}
    </Box>
  );
}

/**
 * One operation: its button (choosing it fills the form), its help link, and under them what it does and its
 * documented limit (the catalog's facts). Memoized: a row the next search still
 * finds is kept as it is, not drawn again.
 */
const EntryRow = memo(function EntryRow({
  entry,
  onChoose,
  helpBase,
  recorded,
}: {
  entry: CatalogEntry;
  onChoose: Choose;
  helpBase: string;
  recorded: boolean;
}) {
  const id = useId();
  return (
    <Box component="li" sx={{ pb: 0.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Button
          id={id}
          fullWidth
          color="inherit"
          onClick={() => onChoose(entry)}
          aria-describedby={`${id}-about`}
          sx={{ justifyContent: 'flex-start', textTransform: 'none', gap: 1, textAlign: 'left', py: 0.5 }}
        >
          <Box
            component="span"
            sx={{ fontFamily: 'monospace', overflowWrap: 'break-word', flex: 1, minWidth: 0 }}
          >
            {entry.method} <WrapPoints text={entry.path} />
          </Box>
          {entry.emulated && <Mark label="Emulated" color="success.main" />}
          {recorded && <Mark label="Recorded" color="primary.main" />}
        </Button>
        <Link
          href={helpUrl(helpBase, entry)}
          target="_blank"
          rel="noopener"
          variant="body2"
          // Named "Help" and described by its operation: a name holding the path would also be found by the
          // labels of the path's parameter fields.
          aria-describedby={id}
          sx={{ flexShrink: 0, px: 0.5 }}
        >
          Help
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {' '}
            (opens in a new tab)
          </Box>
        </Link>
      </Box>
      {/* Beside the button, not in it: the button keeps its short name, method and path. */}
      <Typography id={`${id}-about`} variant="body2" color="text.secondary" sx={{ px: 1 }}>
        {`${entry.summary} · ${limitWords(entry.limit)}`}
      </Typography>
    </Box>
  );
});

function EntryList({
  entries,
  onChoose,
  helpBase,
  recorded,
}: {
  entries: CatalogEntry[];
  onChoose: Choose;
  helpBase: string;
  recorded: RecordedOperations;
}) {
  return (
    // Plain buttons in a list: the navigation's ListItemButton here would split the shared frame's chunk.
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {entries.map((entry) => (
        <EntryRow
          key={`${entry.method} ${entry.path}`}
          entry={entry}
          onChoose={onChoose}
          helpBase={helpBase}
          recorded={isRecorded(recorded, entry)}
        />
      ))}
    </Box>
  );
}

/** One area, folded or open as the picker says: its endpoints are drawn only while it is open. */
const Area = memo(function Area({
  group,
  open,
  onToggle,
  onChoose,
  helpBase,
  recorded,
}: {
  group: AreaGroup;
  open: boolean;
  onToggle: (area: string, open: boolean) => void;
  onChoose: Choose;
  helpBase: string;
  recorded: RecordedOperations;
}) {
  return (
    <Box
      component="details"
      open={open}
      onToggle={(e) => onToggle(group.area, e.currentTarget.open)}
      sx={{ borderTop: 1, borderColor: 'divider' }}
    >
      <Box component="summary" sx={{ cursor: 'pointer', py: 0.75, fontWeight: 600 }}>
        {group.area}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          ({group.entries.length})
        </Typography>
      </Box>
      {open && (
        <EntryList entries={group.entries} onChoose={onChoose} helpBase={helpBase} recorded={recorded} />
      )}
    </Box>
  );
});

/**
 * The areas a person opened or folded by hand, against what the query shows (all open while searching, all folded
 * while browsing); a new query starts from that again.
 */
interface Toggled {
  query: string;
  areas: ReadonlySet<string>;
}

const NONE_TOGGLED: ReadonlySet<string> = new Set();

/**
 * The Web API's endpoints, grouped by area (folded until opened) and searchable (matching areas open); choosing
 * one fills the form, and each links to its page in the Web API's help (at `helpBase`, in a new tab). Those the
 * emulator answers are marked Emulated, those it replays from a recording Recorded (asked of `connection` once
 * the catalog is first searched or opened). Memoized: typing in the form must not redraw the list.
 */
export const CatalogPicker = memo(function CatalogPicker({
  onChoose,
  helpBase,
  connection,
  searchRef,
}: {
  onChoose: Choose;
  helpBase: string;
  connection: Connection;
  /** The search field, for the screen's shortcut to it. */
  searchRef?: Ref<HTMLInputElement>;
}) {
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState(false);
  const [toggled, setToggled] = useState<Toggled>({ query: '', areas: NONE_TOGGLED });
  const deferred = useDeferredValue(query).trim();
  const recorded = useRecordedOperations(connection, opened || deferred !== '');
  const searching = deferred !== '';
  // Kept from one keystroke to the next (the list below is memoized): a keystroke draws the list once, for the
  // deferred query, and the operations still found keep their rows.
  const found = useMemo(() => searchCatalog(deferred), [deferred]);
  const groups = useMemo(() => groupByArea(searching ? found.slice(0, SHOWN) : found), [found, searching]);
  const handAreas = toggled.query === deferred ? toggled.areas : NONE_TOGGLED;
  const onToggle = useCallback(
    (area: string, open: boolean) => {
      if (open) setOpened(true);
      setToggled((previous) => {
        const areas = previous.query === deferred ? previous.areas : NONE_TOGGLED;
        // The toggle event also follows an open the query set: only a change by hand is kept.
        if (open === (searching !== areas.has(area))) return previous;
        const next = new Set(areas);
        if (next.has(area)) next.delete(area);
        else next.add(area);
        return { query: deferred, areas: next };
      });
    },
    [deferred, searching],
  );
  return (
    <Box>
      <TextInput
        label="Search the catalog"
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        hint="An area, words (“people lookup”) or a path fragment (“tickets/{id}”)"
        inputProps={{ spellCheck: false, ref: searchRef }}
      />
      <Typography variant="body2" role="status" sx={{ my: 1 }}>
        {!searching
          ? `${found.length} endpoints in ${groups.length} areas.`
          : found.length === 0
            ? 'No endpoint matches.'
            : found.length > SHOWN
              ? `${found.length} endpoints match; the first ${SHOWN} are shown.`
              : `${found.length} ${found.length === 1 ? 'endpoint matches' : 'endpoints match'}.`}
      </Typography>
      <Box sx={{ maxHeight: { xs: 360, lg: 640 }, overflow: 'auto' }}>
        {groups.map((group) => (
          <Area
            key={group.area}
            group={group}
            open={searching !== handAreas.has(group.area)}
            onToggle={onToggle}
            onChoose={onChoose}
            helpBase={helpBase}
            recorded={recorded}
          />
        ))}
      </Box>
    </Box>
  );
});
