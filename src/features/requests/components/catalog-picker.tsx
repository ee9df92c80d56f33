import { useDeferredValue, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListSubheader from '@mui/material/ListSubheader';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CatalogEntry } from '@/lib/catalog/catalog-entry';
import { groupByArea } from '../group-by-area';
import { searchCatalog } from '../search-catalog';

/** How many endpoints the list shows at once: the whole catalog is several hundred. */
const SHOWN = 60;

/** The Web API's endpoints, searchable and grouped by area; choosing one fills the form. */
export function CatalogPicker({ onChoose }: { onChoose: (entry: CatalogEntry) => void }) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const found = searchCatalog(deferred);
  const groups = groupByArea(found.slice(0, SHOWN));
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
      <Typography variant="body2" role="status" sx={{ mt: 1 }}>
        {found.length === 0
          ? 'No endpoint matches.'
          : found.length > SHOWN
            ? `${found.length} endpoints match; the first ${SHOWN} are shown.`
            : `${found.length} ${found.length === 1 ? 'endpoint matches' : 'endpoints match'}.`}
      </Typography>
      <Box sx={{ maxHeight: { xs: 360, lg: 640 }, overflow: 'auto', mt: 1 }}>
        {groups.map((group) => (
          <List
            key={group.area}
            dense
            aria-label={group.area}
            subheader={
              <ListSubheader component="h3" sx={{ lineHeight: 2.5 }}>
                {group.area}
              </ListSubheader>
            }
          >
            {group.entries.map((entry) => (
              <ListItemButton
                key={`${entry.method} ${entry.path}`}
                onClick={() => onChoose(entry)}
                sx={{ gap: 1, alignItems: 'baseline' }}
              >
                <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', flex: 1 }}>
                  {entry.method} {entry.path}
                </Box>
                {entry.emulated && <Chip size="small" color="success" variant="outlined" label="Emulated" />}
              </ListItemButton>
            ))}
          </List>
        ))}
      </Box>
    </Box>
  );
}
