import type { ReactNode, Ref } from 'react';
import Drawer from '@mui/material/Drawer';
import Paper from '@mui/material/Paper';
import { LibraryPanel } from './library-panel';
import type { SavedListHandle } from './saved-list';
import type { Library } from './use-library';

/** The app bar's height from `lg` up, with a gap: where the column stays while the screen scrolls. */
const STICKY_TOP = 80;

/** The column's width beside the form; the drawer's, up to the whole width of a phone. */
const COLUMN_WIDTH = 320;
const DRAWER_WIDTH = 420;

/** The screen's shortcuts that work from within the drawer: the save (its name field is here) and closing it. */
const SHORTCUTS_WITHIN = { 'data-shortcuts': 'save library' };

/**
 * The columns of the screen's grid (catalog, then the form beside its answer): the library's first while it stands
 * open beside them.
 */
export function libraryColumns(library: Library) {
  return library.wide && library.open
    ? `${COLUMN_WIDTH}px minmax(0, 1fr) minmax(0, 3fr)`
    : { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 3fr)' };
}

/**
 * Saved and History in a side panel, as Postman's sidebar: opened from the button at the top of the screen, the
 * links beside it (on one part, its search focused) or Ctrl+\ (⌘\). From `LIBRARY_WIDE` it is the first column of
 * the screen's grid, beside the catalog, the form and the answer, and stays as it is while you work; narrower, a
 * drawer over the screen, closed once an entry is loaded (or re-run), by Escape or by _Close_, focus returning to
 * the button. `saved` and `history` are given where focus goes and what to call once an entry is loaded.
 */
export function RequestsLibrary({
  library,
  panelRef,
  savedRef,
  historySearchRef,
  historyTabRef,
  saved,
  history,
}: {
  library: Library;
  panelRef: Ref<HTMLElement>;
  savedRef: Ref<SavedListHandle>;
  historySearchRef: Ref<HTMLInputElement>;
  historyTabRef: Ref<HTMLDivElement>;
  saved: (handle: Ref<SavedListHandle>, loaded: () => void) => ReactNode;
  history: (searchRef: Ref<HTMLInputElement>, loaded: () => void) => ReactNode;
}) {
  const { wide, open } = library;
  const headingId = `${library.panelId}-heading`;
  const loaded = () => {
    if (!wide) library.close();
  };
  const panel = (
    <LibraryPanel
      headingId={headingId}
      part={library.part}
      onPart={library.setPart}
      onClose={library.close}
      saved={saved(savedRef, loaded)}
      history={history(historySearchRef, loaded)}
      historyTab={historyTabRef}
    />
  );
  if (wide)
    return (
      <Paper
        variant="outlined"
        component="section"
        id={library.panelId}
        ref={panelRef}
        aria-labelledby={headingId}
        sx={{
          display: open ? 'block' : 'none',
          position: 'sticky',
          top: STICKY_TOP,
          maxHeight: `calc(100vh - ${STICKY_TOP + 16}px)`,
          overflowY: 'auto',
        }}
      >
        {panel}
      </Paper>
    );
  return (
    <Drawer
      open={open}
      onClose={library.close}
      keepMounted
      disableRestoreFocus
      slotProps={{
        paper: {
          id: library.panelId,
          ref: panelRef,
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': headingId,
          ...SHORTCUTS_WITHIN,
        },
      }}
      // Above the app bar (raised over the drawer layer), which would otherwise cover the panel's heading.
      sx={{
        zIndex: (t) => t.zIndex.modal,
        '& .MuiDrawer-paper': { width: DRAWER_WIDTH, maxWidth: '100vw', boxSizing: 'border-box' },
      }}
    >
      {panel}
    </Drawer>
  );
}
