import { useCallback, useEffect, useId, useRef, useState } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { readLibraryOpen, writeLibraryOpen } from '../library/library-preference';
import { useRequestsShortcuts } from './keyboard-shortcuts';
import type { SavedListHandle } from './saved-list';

/** The library's two parts. */
export type LibraryPart = 'saved' | 'history';

/** Where focus goes once the library shows: a part's search, or the name to save the form as. */
type LibraryFocus = 'search' | 'name';

/**
 * From this width the library stands as a column beside the catalog, the form and the answer, which keep enough
 * room (at 1600 px the form and the answer about 360 px each, a phone's width); narrower it is a drawer.
 */
const LIBRARY_WIDE = 1600;

/**
 * The library's state: beside the form on a wide screen (open or closed as last chosen there), a drawer otherwise
 * (closed on arrival); the part shown; focus, asked for before the panel shows and given once it does; and its
 * shortcuts (Ctrl+\ opens and closes it; Ctrl+S saves the form, opening it on the name when one is wanted).
 */
export function useLibrary() {
  const wide = useMediaQuery(`(min-width:${LIBRARY_WIDE}px)`, { noSsr: true });
  const [besideOpen, setBesideOpen] = useState(readLibraryOpen);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The open drawer is a modal that hides the rest of the app from screen readers: once the window is wide enough
  // for the column, it closes, as it is no longer shown.
  if (wide && drawerOpen) setDrawerOpen(false);
  const open = wide ? besideOpen : drawerOpen;
  const [part, setPart] = useState<LibraryPart>('saved');
  const [focusAsked, setFocusAsked] = useState(0);
  const focusWanted = useRef<{ part: LibraryPart; target: LibraryFocus } | null>(null);
  const returnFocus = useRef(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const saved = useRef<SavedListHandle>(null);
  const historySearch = useRef<HTMLInputElement>(null);
  const historyTab = useRef<HTMLDivElement>(null);

  const setOpen = useCallback(
    (next: boolean) => {
      if (!wide) return setDrawerOpen(next);
      setBesideOpen(next);
      writeLibraryOpen(next);
    },
    [wide],
  );

  /** Opens the panel on a part and focuses its search (or `target`) once it shows. */
  const openOn = useCallback(
    (next: LibraryPart, target: LibraryFocus = 'search') => {
      setPart(next);
      setOpen(true);
      focusWanted.current = { part: next, target };
      setFocusAsked((n) => n + 1);
    },
    [setOpen],
  );

  /** Closes the panel; focus returns to the button when it was in the panel, or the drawer hid the rest. */
  const close = useCallback(() => {
    returnFocus.current = !wide || (panel.current?.contains(document.activeElement) ?? false);
    setOpen(false);
  }, [setOpen, wide]);

  const toggle = () => (open ? close() : openOn(part));

  useRequestsShortcuts({
    library: toggle,
    // When a name is wanted first, the panel opens on its field.
    save: () => {
      if (saved.current?.save() === false) openOn('saved', 'name');
    },
  });

  // After the render that shows (or hides) the panel: the drawer's focus trap has taken hold (or let go) by then.
  useEffect(() => {
    const wanted = focusWanted.current;
    if (open && wanted) {
      focusWanted.current = null;
      if (wanted.part === 'saved') saved.current?.focus(wanted.target);
      else (historySearch.current ?? historyTab.current)?.focus();
    }
    if (!open && returnFocus.current) {
      returnFocus.current = false;
      button.current?.focus();
    }
  }, [open, focusAsked]);

  return {
    library: { wide, open, part, setPart, openOn, close, toggle, panelId },
    refs: {
      buttonRef: button,
      panelRef: panel,
      savedRef: saved,
      historySearchRef: historySearch,
      historyTabRef: historyTab,
    },
  };
}

/** The library's state and actions, as the screen hands them to its parts (its refs apart). */
export type Library = ReturnType<typeof useLibrary>['library'];
