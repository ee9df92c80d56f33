import {
  memo,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import Button from '@mui/material/Button';
import { CopyButton } from '@/components/copy-button';
import { useRovingItem } from './active-item-context';
import { ValueActionContext } from './value-action-context';
import { highlightParts, memberShown, nameMatches, TreeSearchContext, type TreeSearch } from './json-search';
import {
  countText,
  isContainer,
  jsonText,
  member,
  memberCount,
  memberKeys,
  memberPath,
  primitiveText,
  recordCaption,
  type JsonContainer,
} from './json-value';
import { focusFirstChild, focusParent, moveByKey } from './tree-navigation';

/** Members shown at a time: a 50,000-item array renders 100 rows, then 100 more on request. */
const PAGE_SIZE = 100;

function kindClass(value: unknown): string {
  return `json-${value === null ? 'null' : typeof value}`;
}

/** How many of the top level's members a search opens by itself: each shows up to a page of its own. */
const OPENED_BY_SEARCH = 10;

/** Text with what the search found marked; a function, not a component: a row costs no more fibers for it. */
function marked(text: string, pattern: RegExp | null): ReactNode {
  if (pattern === null) return text;
  return highlightParts(text, pattern).map((part, i) =>
    part.match ? <mark key={i}>{part.text}</mark> : part.text,
  );
}

/** A value as a copy gives it: a string as its text (no JSON quotes, so it pastes as the value), else JSON. */
function plainText(value: unknown): string {
  return typeof value === 'string' ? value : jsonText(value);
}

/** The members of an object in an array: what the record is called, when it has a name, e-mail or ID. */
function captionOf(name: string | number | null, value: unknown): string | null {
  if (typeof name !== 'number' || !isContainer(value) || Array.isArray(value)) return null;
  return recordCaption(value);
}

/**
 * One value as a tree item; its members are rendered only while it is expanded. Its copy button is rendered
 * while the item is the active one (focused or last focused) or under the pointer: a hundred buttons per page
 * would double the time a page takes to show.
 */
export const JsonNode = memo(function JsonNode({
  name,
  value,
  path,
  level,
  first,
  openedBySearch = false,
}: {
  /** Its key or index in its parent; null for a root that is not a container. */
  name: string | number | null;
  value: unknown;
  path: string;
  level: number;
  first: boolean;
  /** A search found something inside it: it starts expanded. */
  openedBySearch?: boolean;
}) {
  const [expanded, setExpanded] = useState(openedBySearch);
  const { isActive, onFocus } = useRovingItem(path, first);
  const search = useContext(TreeSearchContext);
  const action = useContext(ValueActionContext);
  const pattern = search?.pattern ?? null;
  const count = useMemo(() => (isContainer(value) ? memberCount(value) : 0), [value]);
  const caption = useMemo(() => captionOf(name, value), [name, value]);
  const expandable = isContainer(value) && count > 0;
  // A member found by its name is shown whole.
  const inner = useMemo<TreeSearch | null>(
    () =>
      search?.within && nameMatches(name, search.pattern)
        ? { pattern: search.pattern, within: null }
        : search,
    [search, name],
  );
  const [pointed, setPointed] = useState(false);
  const toggle = () => setExpanded((open) => !open);

  function keyHandled(event: KeyboardEvent<HTMLElement>): boolean {
    const item = event.currentTarget;
    if (moveByKey(event)) return true;
    if (event.key === 'ArrowLeft') {
      if (expanded) setExpanded(false);
      else focusParent(item);
      return true;
    }
    if (!expandable) return false;
    if (event.key === 'ArrowRight') {
      if (expanded) focusFirstChild(item);
      else setExpanded(true);
      return true;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      toggle();
      return true;
    }
    return false;
  }
  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.target === event.currentTarget && keyHandled(event)) event.preventDefault();
  }

  return (
    // Named by what it shows (browsers leave an item's group of members out of its name), not by aria-labelledby:
    // that name would miss its copy button's word and its members, which a person using speech input may say.
    <li
      role="treeitem"
      aria-level={level}
      aria-expanded={expandable ? expanded : undefined}
      tabIndex={isActive ? 0 : -1}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
    >
      <div
        className={expandable ? 'json-row json-expandable' : 'json-row'}
        onClick={expandable ? toggle : undefined}
        onMouseEnter={() => setPointed(true)}
        onMouseLeave={() => setPointed(false)}
      >
        <span className="json-toggle" aria-hidden="true">
          {expandable ? (expanded ? '▾' : '▸') : ''}
        </span>
        <span className="json-label">
          {name !== null && (
            <span className="json-key">{typeof name === 'string' ? marked(name, pattern) : name}</span>
          )}
          {name !== null && ': '}
          {caption !== null && marked(`${caption} `, pattern)}
          {expandable ? (
            <>
              <span aria-hidden="true">{Array.isArray(value) ? '[…] ' : '{…} '}</span>
              <span className="json-count">{countText(value, count)}</span>
            </>
          ) : (
            <span className={kindClass(value)}>{marked(primitiveText(value), pattern)}</span>
          )}
        </span>
        {/* A copy is not a toggle: the click stops here. */}
        <span
          className={action ? 'json-copy-cell json-with-action' : 'json-copy-cell'}
          onClick={(event) => event.stopPropagation()}
        >
          {(isActive || pointed) && (
            <CopyButton
              className="json-copy"
              variant="text"
              label="Copy"
              aria-label={`Copy ${path || 'value'}`}
              text={() => plainText(value)}
              tabIndex={isActive ? 0 : -1}
            />
          )}
          {(isActive || pointed) && action && !isContainer(value) && value !== null && (
            <Button
              className="json-copy"
              variant="text"
              size="small"
              aria-label={`${action.label}: ${path || 'value'}`}
              tabIndex={isActive ? 0 : -1}
              onClick={() => action.act(plainText(value), name, path)}
            >
              {action.label}
            </Button>
          )}
        </span>
      </div>
      {expanded && isContainer(value) && (
        <TreeSearchContext value={inner}>
          <JsonMembers role="group" value={value} path={path} level={level + 1} />
        </TreeSearchContext>
      )}
    </li>
  );
});

/** The "Show next 100" item at the end of a long list of members. */
function ShowMore({
  path,
  level,
  from,
  count,
  onShow,
}: {
  path: string;
  level: number;
  from: number;
  count: number;
  onShow: () => void;
}) {
  const { isActive, onFocus } = useRovingItem(`${path}#more`, false);
  const next = Math.min(PAGE_SIZE, count - from);
  function keyHandled(event: KeyboardEvent<HTMLElement>): boolean {
    if (moveByKey(event)) return true;
    if (event.key === 'ArrowLeft') focusParent(event.currentTarget);
    else if (event.key === 'Enter' || event.key === ' ') onShow();
    else return false;
    return true;
  }
  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.target === event.currentTarget && keyHandled(event)) event.preventDefault();
  }
  const range = `${(from + 1).toLocaleString('en-US')}–${(from + next).toLocaleString('en-US')}`;
  return (
    <li
      role="treeitem"
      aria-level={level}
      tabIndex={isActive ? 0 : -1}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
      onClick={onShow}
      className="json-more"
    >
      <div className="json-row">
        <span className="json-toggle" aria-hidden="true" />
        <span className="json-label">
          Show next {next.toLocaleString('en-US')} ({range} of {count.toLocaleString('en-US')})
        </span>
      </div>
    </li>
  );
}

/** The members a search shows, or null when it shows all (an array's then need no list of their own). */
export function shownMembers(value: JsonContainer, search: TreeSearch | null): (string | number)[] | null {
  if (!search?.within) return Array.isArray(value) ? null : Object.keys(value);
  return memberKeys(value).filter((key) => memberShown(search, key, member(value, key)));
}

/**
 * A container's members, a page at a time, as the tree itself or as an expanded item's group; under a search,
 * those with a match (`keys`, when the caller has them already).
 */
export function JsonMembers({
  value,
  path,
  level,
  keys: given,
  ...list
}: {
  value: JsonContainer;
  path: string;
  level: number;
  role: 'tree' | 'group';
  keys?: (string | number)[] | null;
} & ComponentProps<'ul'>) {
  const search = useContext(TreeSearchContext);
  const keys = useMemo(
    () => (given !== undefined ? given : shownMembers(value, search)),
    [given, value, search],
  );
  const count = keys ? keys.length : (value as unknown[]).length;
  const [shown, setShown] = useState(PAGE_SIZE);
  const listRef = useRef<HTMLUListElement>(null);
  const focusAfterShow = useRef<number | null>(null);
  useEffect(() => {
    if (focusAfterShow.current === null) return;
    const item = listRef.current?.children[focusAfterShow.current];
    focusAfterShow.current = null;
    if (item instanceof HTMLElement) item.focus();
  }, [shown]);

  const end = Math.min(shown, count);
  const items = [];
  for (let index = 0; index < end; index++) {
    const key = keys ? keys[index]! : index;
    const childPath = memberPath(path, key);
    const child = member(value, key);
    items.push(
      <JsonNode
        key={childPath}
        name={key}
        value={child}
        path={childPath}
        level={level}
        first={level === 1 && index === 0}
        openedBySearch={
          Boolean(search?.within) &&
          level === 1 &&
          index < OPENED_BY_SEARCH &&
          isContainer(child) &&
          search!.within!.has(child) &&
          !nameMatches(key, search!.pattern)
        }
      />,
    );
  }
  return (
    <ul ref={listRef} {...list}>
      {items}
      {end < count && (
        <ShowMore
          path={path}
          level={level}
          from={end}
          count={count}
          onShow={() => {
            focusAfterShow.current = end;
            setShown(end + PAGE_SIZE);
          }}
        />
      )}
    </ul>
  );
}
