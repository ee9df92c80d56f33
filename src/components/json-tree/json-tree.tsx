import { useState } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { CopyButton } from '@/components/copy-button';
import { createActiveItem } from './active-item';
import { ActiveItemContext } from './active-item-context';
import { JsonMembers, JsonNode } from './json-node';
import { countText, isContainer, jsonText, memberCount } from './json-value';

const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

/** One style sheet for the whole tree, so a row costs no styling work of its own. */
const TREE_STYLES: SxProps<Theme> = {
  minWidth: 0,
  '& .json-toolbar': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 },
  '& ul': { listStyle: 'none', m: 0, p: 0 },
  '& [role="group"]': { pl: 1.5 },
  '& [role="treeitem"]': { outline: 'none' },
  '& [role="treeitem"]:focus-visible > .json-row': {
    outline: (theme: Theme) => `2px solid ${(theme.vars ?? theme).palette.primary.main}`,
    outlineOffset: '-2px',
  },
  '& .json-row': {
    display: 'flex',
    alignItems: 'flex-start',
    gap: 0.5,
    borderRadius: 1,
    fontFamily: MONOSPACE,
    fontSize: '0.875rem',
    lineHeight: 1.6,
  },
  '& .json-expandable, & .json-more': { cursor: 'pointer' },
  '& .json-row:hover': { bgcolor: 'action.hover' },
  '& .json-toggle': { flex: '0 0 1.25em', textAlign: 'center' },
  '& .json-label': { flex: '1 1 auto', minWidth: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  '& .json-key': { fontWeight: 600 },
  '& .json-count, & .json-null, & .json-boolean, & .json-number': { color: 'text.secondary' },
  '& .json-more .json-label': { color: 'primary.main', textDecoration: 'underline' },
  // Room for the copy button kept in every row, so that rows do not reflow as it comes and goes.
  '& .json-copy-cell': { flex: '0 0 4.5rem', display: 'flex', justifyContent: 'flex-end' },
  '& .json-copy': { minWidth: 0, py: 0, lineHeight: 1.6 },
};

function summary(value: unknown): string {
  if (Array.isArray(value)) return `Array, ${countText(value, value.length)}`;
  if (isContainer(value)) return `Object, ${countText(value, memberCount(value))}`;
  return value === null ? 'null' : typeof value;
}

/**
 * Any JSON value as a tree (ARIA tree pattern: arrows, Home, End, Enter or Space), collapsed below the top
 * level, members rendered only when expanded and a page at a time, with a copy of any value and of the whole.
 */
export function JsonTree({ value, label }: { value: unknown; label: string }) {
  // A new value starts a new tree: nothing expanded, the first item takes Tab.
  const [tree, setTree] = useState(() => ({ value, active: createActiveItem(), generation: 0 }));
  if (tree.value !== value) setTree({ value, active: createActiveItem(), generation: tree.generation + 1 });

  const top = isContainer(value) && memberCount(value) > 0 ? value : null;
  return (
    <ActiveItemContext value={tree.active}>
      <Box sx={TREE_STYLES}>
        <div className="json-toolbar">
          <span>{summary(value)}</span>
          <CopyButton label="Copy all" aria-label={`Copy all of ${label}`} text={() => jsonText(value)} />
        </div>
        {top ? (
          <JsonMembers key={tree.generation} role="tree" aria-label={label} value={top} path="" level={1} />
        ) : (
          <ul key={tree.generation} role="tree" aria-label={label}>
            <JsonNode name={null} value={value} path="" level={1} first />
          </ul>
        )}
      </Box>
    </ActiveItemContext>
  );
}
