import { memo, useCallback, useDeferredValue, useId, useState, type Ref } from 'react';
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
import { isRecorded, type RecordedOperations } from '../catalog/recorded-operations';
import { searchCatalog } from '../catalog/search-catalog';
import { useRecordedOperations } from './use-recorded-operations';
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
  const id = useId();
  return (
    // Plain buttons in a list: the navigation's ListItemButton here would split the shared frame's chunk.
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {entries.map((entry, index) => (
        <Box
          component="li"
          key={`${entry.method} ${entry.path}`}
          sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
        >
          <Button
            id={`${id}-${index}`}
            fullWidth
            color="inherit"
            onClick={() => onChoose(entry)}
            sx={{ justifyContent: 'flex-start', textTransform: 'none', gap: 1, textAlign: 'left', py: 0.5 }}
          >
            <Box
              component="span"
              sx={{ fontFamily: 'monospace', overflowWrap: 'break-word', flex: 1, minWidth: 0 }}
            >
              {entry.method} <WrapPoints text={entry.path} />
            </Box>
            {entry.emulated && <Mark label="Emulated" color="success.main" />}
            {isRecorded(recorded, entry) && <Mark label="Recorded" color="primary.main" />}
          </Button>
          <Link
            href={helpUrl(helpBase, entry)}
            target="_blank"
            rel="noopener"
            variant="body2"
            // Named "Help" and described by its operation: a name holding the path would also be found by the
            // labels of the path's parameter fields.
            aria-describedby={`${id}-${index}`}
            sx={{ flexShrink: 0, px: 0.5 }}
          >
            Help
            <Box component="span" sx={VISUALLY_HIDDEN}>
              {' '}
              (opens in a new tab)
            </Box>
          </Link>
        </Box>
      ))}
    </Box>
  );
}

/** One area, folded: its endpoints are drawn only once it is opened. */
function Area({
  group,
  open: initiallyOpen,
  onChoose,
  onOpen,
  helpBase,
  recorded,
}: {
  group: AreaGroup;
  open: boolean;
  onChoose: Choose;
  onOpen: () => void;
  helpBase: string;
  recorded: RecordedOperations;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <Box
      component="details"
      open={open}
      onToggle={(e) => {
        setOpen(e.currentTarget.open);
        if (e.currentTarget.open) onOpen();
      }}
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
}

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
  const deferred = useDeferredValue(query).trim();
  const recorded = useRecordedOperations(connection, opened || deferred !== '');
  const onOpen = useCallback(() => setOpened(true), []);
  const found = searchCatalog(deferred);
  const searching = deferred !== '';
  const groups = groupByArea(searching ? found.slice(0, SHOWN) : found);
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
          // A new search draws its areas afresh, open.
          <Area
            key={`${deferred}|${group.area}`}
            group={group}
            open={searching}
            onChoose={onChoose}
            onOpen={onOpen}
            helpBase={helpBase}
            recorded={recorded}
          />
        ))}
      </Box>
    </Box>
  );
});
