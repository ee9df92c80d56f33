import { create } from 'zustand';
import { parseSaved, type SavedRequest } from './saved-request';
import { SAVED_REQUESTS_KEY } from './saved-requests-key';

interface SavedState {
  /** Saved requests by connection (its base), in the order saved. */
  byConnection: Record<string, SavedRequest[]>;
  /** Keeps a request; one of the same name on the same connection is replaced (that is how one is edited). */
  save: (connection: string, saved: SavedRequest) => void;
  remove: (connection: string, name: string) => void;
}

function withSaved(list: SavedRequest[], saved: SavedRequest): SavedRequest[] {
  const at = list.findIndex((s) => s.name === saved.name);
  return at < 0 ? [...list, saved] : list.map((s, i) => (i === at ? saved : s));
}

/** What storage holds, read defensively: a person may have edited it, or an older console written it. */
export function readSaved(text: string | null): Record<string, SavedRequest[]> {
  let stored: unknown;
  try {
    stored = text === null ? null : JSON.parse(text);
  } catch {
    return {};
  }
  const byConnection: Record<string, SavedRequest[]> = {};
  if (typeof stored !== 'object' || stored === null) return byConnection;
  for (const [connection, list] of Object.entries(stored))
    if (Array.isArray(list))
      byConnection[connection] = (list as unknown[])
        .map(parseSaved)
        .filter((s): s is SavedRequest => s !== null);
  return byConnection;
}

/**
 * Saved requests, in localStorage on purpose: they outlive sign-out and reload, and hold nothing secret (no
 * token, and the secret rule masks a password or key before anything is kept). Written by hand rather than with
 * zustand's persist, which would make the first page export it to this screen's code.
 */
export const useSavedStore = create<SavedState>()((set) => {
  const write = (byConnection: Record<string, SavedRequest[]>) => {
    localStorage.setItem(SAVED_REQUESTS_KEY, JSON.stringify(byConnection));
    set({ byConnection });
  };
  const listOf = (connection: string) => useSavedStore.getState().byConnection[connection] ?? [];
  return {
    byConnection: readSaved(localStorage.getItem(SAVED_REQUESTS_KEY)),
    save: (connection, saved) =>
      write({ ...useSavedStore.getState().byConnection, [connection]: withSaved(listOf(connection), saved) }),
    remove: (connection, name) =>
      write({
        ...useSavedStore.getState().byConnection,
        [connection]: listOf(connection).filter((r) => r.name !== name),
      }),
  };
});
