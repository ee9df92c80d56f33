import { memo, useDeferredValue, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { TextInput } from '@/components/text-input';
import type { CatalogEntry } from '@contract/catalog/catalog-entry';
import { groupByArea, type AreaGroup } from '../catalog/group-by-area';
import { searchCatalog } from '../catalog/search-catalog';

/** How many endpoints a search shows at once: the whole catalog is several hundred. */
const SHOWN = 60;

type Choose = (entry: CatalogEntry) => void;

function EntryList({ entries, onChoose }: { entries: CatalogEntry[]; onChoose: Choose }) {
  return (
    // Plain buttons in a list: the navigation's ListItemButton here would split the shared frame's chunk.
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {entries.map((entry) => (
        <li key={`${entry.method} ${entry.path}`}>
          <Button
            fullWidth
            color="inherit"
            onClick={() => onChoose(entry)}
            sx={{ justifyContent: 'flex-start', textTransform: 'none', gap: 1, textAlign: 'left', py: 0.5 }}
          >
            <Box
              component="span"
              sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}
            >
              {entry.method} {entry.path}
            </Box>
            {entry.emulated && (
              <Box
                component="span"
                sx={{
                  border: 1,
                  borderColor: 'success.main',
                  color: 'success.main',
                  borderRadius: 3,
                  px: 1,
                  fontSize: '0.75rem',
                  lineHeight: 1.6,
                }}
              >
                Emulated
              </Box>
            )}
          </Button>
        </li>
      ))}
    </Box>
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
      <TextInput
        label="Search the catalog"
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        hint="An area, words (“people lookup”) or a path fragment (“tickets/{id}”)"
        inputProps={{ spellCheck: false }}
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
