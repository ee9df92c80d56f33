import { memo, useDeferredValue, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CatalogEntry } from '@/lib/catalog/catalog-entry';
import { groupByArea, type AreaGroup } from '../group-by-area';
import { searchCatalog } from '../search-catalog';

/** How many endpoints a search shows at once: the whole catalog is several hundred. */
const SHOWN = 60;

type Choose = (entry: CatalogEntry) => void;

function EntryList({ entries, onChoose }: { entries: CatalogEntry[]; onChoose: Choose }) {
  return (
    <List dense disablePadding>
      {entries.map((entry) => (
        <ListItem key={`${entry.method} ${entry.path}`} disablePadding>
          <ListItemButton onClick={() => onChoose(entry)} sx={{ gap: 1, alignItems: 'baseline' }}>
            <Box
              component="span"
              sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}
            >
              {entry.method} {entry.path}
            </Box>
            {entry.emulated && <Chip size="small" color="success" variant="outlined" label="Emulated" />}
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/** One area, folded: its endpoints are drawn only once it is opened. */
function Area({
  group,
  open: initiallyOpen,
  onChoose,
}: {
  group: AreaGroup;
  open: boolean;
  onChoose: Choose;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <Box
      component="details"
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      sx={{ borderTop: 1, borderColor: 'divider' }}
    >
      <Box component="summary" sx={{ cursor: 'pointer', py: 0.75, fontWeight: 600 }}>
        {group.area}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          ({group.entries.length})
        </Typography>
      </Box>
      {open && <EntryList entries={group.entries} onChoose={onChoose} />}
    </Box>
  );
}

/**
 * The Web API's endpoints, grouped by area (folded until opened) and searchable (matching areas open); choosing
 * one fills the form. Memoized: typing in the form must not redraw the list.
 */
export const CatalogPicker = memo(function CatalogPicker({ onChoose }: { onChoose: Choose }) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query).trim();
  const found = searchCatalog(deferred);
  const searching = deferred !== '';
  const groups = groupByArea(searching ? found.slice(0, SHOWN) : found);
  return (
    <Box>
      <TextField
        label="Search the catalog"
        type="search"
        fullWidth
        size="small"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        helperText="An area, words (“people lookup”) or a path fragment (“tickets/{id}”)"
        slotProps={{ htmlInput: { spellCheck: false } }}
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
          <Area key={`${deferred}|${group.area}`} group={group} open={searching} onChoose={onChoose} />
        ))}
      </Box>
    </Box>
  );
});
