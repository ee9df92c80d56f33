import { useDeferredValue, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { CopyButton } from '@/components/copy-button';
import { createActiveItem } from './active-item';
import { ActiveItemContext } from './active-item-context';
import { JsonMembers, JsonNode, shownMembers } from './json-node';
import { ValueActionContext, type ValueAction } from './value-action-context';
import {
  containersWithMatches,
  primitiveMatches,
  searchPattern,
  TreeSearchContext,
  type TreeSearch,
} from './json-search';
import { countText, isContainer, jsonText, memberCount } from './json-value';

const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

/** One style sheet for the whole tree, so a row costs no styling work of its own. */
const TREE_STYLES: SxProps<Theme> = {
  minWidth: 0,
  '& .json-toolbar': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: 1,
    mb: 1,
    position: 'relative',
  },
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
  '& .json-toggle': { flex: '0 0 1.25em', textAlign: 'center' },
  '& .json-label': { flex: '1 1 auto', minWidth: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  '& .json-key': { fontWeight: 600 },
  '& .json-search': {
    display: 'flex',
    alignItems: 'center',
    gap: 1,
    flex: '1 1 14rem',
    maxWidth: '24rem',
    fontSize: '0.875rem',
  },
  '& .json-search input': {
    flex: '1 1 auto',
    minWidth: 0,
    font: 'inherit',
    color: 'text.primary',
    bgcolor: 'background.paper',
    border: 1,
    borderColor: 'text.secondary',
    borderRadius: 1,
    px: 1,
    py: 0.5,
  },
  '& .json-search input:focus-visible': {
    outline: (theme: Theme) => `2px solid ${(theme.vars ?? theme).palette.primary.main}`,
    outlineOffset: '1px',
  },
  '& .json-count, & .json-null, & .json-boolean, & .json-number': { color: 'text.secondary' },
  '& .json-more .json-label': { color: 'primary.main', textDecoration: 'underline' },
  // Room for the copy button kept in every row, so that rows do not reflow as it comes and goes.
  // Relative: the button's hidden status line is placed inside the row, never past the page's edge.
  '& .json-copy-cell': {
    flex: '0 0 4.5rem',
    display: 'flex',
    justifyContent: 'flex-end',
    position: 'relative',
  },
  // With a value's action beside the copy (the answer's "use as variable"), room for both.
  '& .json-copy-cell.json-with-action': { flex: '0 0 11rem', gap: 0.5 },
  '& .json-copy': { minWidth: 0, py: 0, lineHeight: 1.6 },
};

function summary(value: unknown): string {
  if (Array.isArray(value)) return `Array, ${countText(value, value.length)}`;
  if (isContainer(value)) return `Object, ${countText(value, memberCount(value))}`;
  return value === null ? 'null' : typeof value;
}

/** What a search found, in words: how many of the top level's members hold a match. */
function foundText(value: unknown, shown: number, sought: string): string {
  if (shown === 0) return `No match for “${sought}”.`;
  if (!isContainer(value)) return `“${sought}” is in the value.`;
  return `“${sought}” is in ${shown.toLocaleString('en-US')} of ${countText(value, memberCount(value))}.`;
}

/**
 * Any JSON value as a tree (ARIA tree pattern: arrows, Home, End, Enter or Space), collapsed below the top
 * level, members rendered only when expanded and a page at a time, with a copy of any value and of the whole,
 * and a search that shows only the members that hold what is sought (marked), opening the first of them.
 */
export function JsonTree({
  value,
  label,
  valueAction = null,
}: {
  value: unknown;
  label: string;
  /** Offered on each value that is not a container, beside its copy. */
  valueAction?: ValueAction | null;
}) {
  const [typed, setTyped] = useState('');
  // Typing stays quick in a large answer: the search follows when the browser has time.
  const sought = useDeferredValue(typed.trim());
  // A new value or search starts a new tree: nothing expanded but what the search opens, the first item takes Tab.
  const [tree, setTree] = useState(() => ({ value, sought, active: createActiveItem(), generation: 0 }));
  if (tree.value !== value || tree.sought !== sought)
    setTree({ value, sought, active: createActiveItem(), generation: tree.generation + 1 });

  const search = useMemo<TreeSearch | null>(() => {
    if (sought === '') return null;
    const pattern = searchPattern(sought);
    return { pattern, within: containersWithMatches(value, pattern) };
  }, [value, sought]);
  const top = isContainer(value) && memberCount(value) > 0 ? value : null;
  const topKeys = useMemo(() => (top ? shownMembers(top, search) : null), [top, search]);
  const shown = top
    ? (topKeys?.length ?? memberCount(top))
    : search && !primitiveMatches(value, search.pattern)
      ? 0
      : 1;
  return (
    <ActiveItemContext value={tree.active}>
      <Box sx={TREE_STYLES}>
        <div className="json-toolbar">
          <span>{summary(value)}</span>
          <CopyButton label="Copy all" aria-label={`Copy all of ${label}`} text={() => jsonText(value)} />
          {/* A plain input, not MUI's: the tree's first paint of a large answer stays as quick as it was. */}
          <label className="json-search">
            <span>Search</span>
            <input
              type="search"
              aria-label={`Search ${label.toLowerCase()}`}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              spellCheck={false}
            />
          </label>
        </div>
        <Box role="status" sx={{ mb: search ? 1 : 0 }}>
          {search ? foundText(value, shown, sought) : ''}
        </Box>
        <TreeSearchContext value={search}>
          <ValueActionContext value={valueAction}>
            {shown === 0 ? null : top ? (
              <JsonMembers
                key={tree.generation}
                role="tree"
                aria-label={label}
                value={top}
                keys={topKeys}
                path=""
                level={1}
              />
            ) : (
              <ul key={tree.generation} role="tree" aria-label={label}>
                <JsonNode name={null} value={value} path="" level={1} first />
              </ul>
            )}
          </ValueActionContext>
        </TreeSearchContext>
      </Box>
    </ActiveItemContext>
  );
}
