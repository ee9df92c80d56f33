import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = IS_MAC ? '⌘' : 'Ctrl';

/** What a shortcut does on the Requests screen. */
type ShortcutAction = 'catalog' | 'path' | 'save' | 'library' | 'send';

/**
 * The Requests screen's shortcuts, each with its key (read by its physical key, `code`, with Ctrl or ⌘), in the
 * order the screen lists them. One list: the keys handled and the keys shown are the same. The path is the
 * screen's address bar, so it takes the browser's key for that; the library takes Postman's key for its sidebar.
 */
const SHORTCUTS: readonly { action: ShortcutAction; code: string; key: string; does: string }[] = [
  { action: 'catalog', code: 'KeyK', key: 'K', does: 'Search the catalog' },
  { action: 'path', code: 'KeyL', key: 'L', does: 'Go to the path' },
  { action: 'save', code: 'KeyS', key: 'S', does: 'Save the form (under the name given in Saved)' },
  { action: 'library', code: 'Backslash', key: '\\', does: 'Open or close the library (Saved and History)' },
  { action: 'send', code: 'Enter', key: 'Enter', does: 'Send (from within the form)' },
];

/** The text of a shortcut's keys, as the list shows them: `Ctrl+K`, or `⌘K` on a Mac. */
const keysOf = (key: string) => (IS_MAC ? `${MOD}${key}` : `${MOD}+${key}`);

/**
 * Runs the screen's shortcuts while it is shown, from anywhere on the page (Ctrl+Enter is the form's own, so it
 * sends only from within it). Each part of the screen handles its own (the page the catalog and the path, the
 * library its opening and the save). `handlers` may change on every render: the latest is used.
 */
export function useRequestsShortcuts(handlers: Partial<Record<Exclude<ShortcutAction, 'send'>, () => void>>) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!(IS_MAC ? event.metaKey : event.ctrlKey) || event.altKey || event.shiftKey) return;
      const action = SHORTCUTS.find((s) => s.code === event.code)?.action;
      if (action === undefined || action === 'send') return;
      // Not behind a dialog that asks something first; a dialog may take some of them (`data-shortcuts`).
      const dialog = event.target instanceof Element ? event.target.closest('[role="dialog"]') : null;
      if (dialog && !dialog.getAttribute('data-shortcuts')?.split(' ').includes(action)) return;
      const handler = latest.current[action];
      if (!handler) return;
      event.preventDefault();
      handler();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** The shortcuts, listed on the screen under a disclosure of their own. */
export function KeyboardShortcuts() {
  return (
    <Box component="details" sx={{ typography: 'body2', mt: 2 }}>
      <Box component="summary" sx={{ cursor: 'pointer', width: 'fit-content' }}>
        Keyboard shortcuts
      </Box>
      <Box
        component="dl"
        sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        {SHORTCUTS.map(({ action, key, does }) => (
          <Box key={action} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ fontFamily: 'monospace' }}>
              <kbd>{keysOf(key)}</kbd>
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {does}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
