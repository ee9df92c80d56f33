import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { folderText, type SavedRequest } from '../saved/saved-request';

/** The requests of one folder (`folder` absent: those at the top), in the order saved. */
interface Group {
  key: string;
  folder: string[] | undefined;
  entries: SavedRequest[];
}

/**
 * The requests grouped by the folder they sit in, those at the top first, then each folder where its first request
 * stands. A folder inside another is a group of its own, named by its whole path (`Tickets / Bulk`).
 */
export function groupByFolder(saved: readonly SavedRequest[]): Group[] {
  const top: Group = { key: '', folder: undefined, entries: [] };
  const groups = new Map<string, Group>();
  for (const entry of saved) {
    if (!entry.folder) {
      top.entries.push(entry);
      continue;
    }
    const key = JSON.stringify(entry.folder);
    let group = groups.get(key);
    if (!group) {
      group = { key, folder: entry.folder, entries: [] };
      groups.set(key, group);
    }
    group.entries.push(entry);
  }
  return [...(top.entries.length > 0 ? [top] : []), ...groups.values()];
}

/**
 * One folder of the saved list: a button that opens and closes it (its name, how many it holds or the search
 * found there), and its requests as a list named by the folder.
 */
export function FolderGroup({
  folder,
  count,
  open,
  onToggle,
  children,
}: {
  folder: string[];
  count: number;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const listId = useId();
  const name = folderText(folder);
  return (
    <Box component="li" sx={{ borderTop: 1, borderColor: 'divider' }}>
      <Button
        size="small"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={onToggle}
        sx={{
          textTransform: 'none',
          justifyContent: 'flex-start',
          overflowWrap: 'anywhere',
          textAlign: 'left',
        }}
      >
        <Box component="span" aria-hidden sx={{ mr: 1 }}>
          {open ? '▾' : '▸'}
        </Box>
        {`${name} (${count.toLocaleString('en-US')})`}
      </Button>
      {open && (
        <Box id={listId} component="ol" aria-label={name} sx={{ listStyle: 'none', p: 0, m: 0, pl: 2 }}>
          {children}
        </Box>
      )}
    </Box>
  );
}
