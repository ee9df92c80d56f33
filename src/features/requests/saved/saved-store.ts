import { create } from 'zustand';
import { ownValue } from '@/lib/own-value';
import { parseSaved, type SavedRequest } from './saved-request';
import { SAVED_REQUESTS_KEY } from './saved-requests-key';

interface SavedState {
  /** Saved requests by connection (its base), in the order saved: read with `ownValue`. */
  byConnection: Record<string, SavedRequest[]>;
  /**
   * Keeps requests, all in one write to storage; one of the same name on the same connection is replaced (that is
   * how one is edited). False when the browser refused the write (its storage is full): nothing was kept.
   */
  save: (connection: string, saved: readonly SavedRequest[]) => boolean;
  /** False when the browser refused the write: nothing was deleted. */
  remove: (connection: string, name: string) => boolean;
  /** Puts a deleted request back where it was (an undone _Delete_); false when the browser refused the write. */
  restore: (connection: string, saved: SavedRequest, at: number) => boolean;
}

/** The first of `name`, `name (2)`, `name (3)`, … that no request in the list has: _Keep both_ saves under it. */
export function freeName(list: readonly SavedRequest[], name: string): string {
  const taken = new Set(list.map((s) => s.name));
  if (!taken.has(name)) return name;
  let n = 2;
  while (taken.has(`${name} (${n})`)) n++;
  return `${name} (${n})`;
}

/** The list with `added` in it: each replaces one of its name in place, or joins at the end. */
function withSaved(list: readonly SavedRequest[], added: readonly SavedRequest[]): SavedRequest[] {
  const byName = new Map(list.map((s) => [s.name, s]));
  for (const saved of added) byName.set(saved.name, saved);
  return [...byName.values()];
}

/** What storage holds, read defensively: a person may have edited it, or an older console written it. */
export function readSaved(text: string | null): Record<string, SavedRequest[]> {
  let stored: unknown;
  try {
    stored = text === null ? null : JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof stored !== 'object' || stored === null) return {};
  return Object.fromEntries(
    Object.entries(stored)
      .filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]))
      .map(([connection, list]) => [
        connection,
        list.map(parseSaved).filter((s): s is SavedRequest => s !== null),
      ]),
  );
}

/**
 * Saved requests, in localStorage on purpose: they outlive sign-out and reload, and hold nothing secret (no
 * token, and the secret rule masks a password, key or token before anything is kept). Written by hand rather than
 * with zustand's persist, which would make the first page export it to this screen's code.
 */
export const useSavedStore = create<SavedState>()((set, get) => {
  const write = (connection: string, list: SavedRequest[]) => {
    const byConnection = { ...get().byConnection, [connection]: list };
    try {
      localStorage.setItem(SAVED_REQUESTS_KEY, JSON.stringify(byConnection));
    } catch {
      return false;
    }
    set({ byConnection });
    return true;
  };
  const listOf = (connection: string) => ownValue(get().byConnection, connection) ?? [];
  return {
    byConnection: readSaved(localStorage.getItem(SAVED_REQUESTS_KEY)),
    save: (connection, saved) => write(connection, withSaved(listOf(connection), saved)),
    remove: (connection, name) =>
      write(
        connection,
        listOf(connection).filter((r) => r.name !== name),
      ),
    restore: (connection, saved, at) => {
      const list = listOf(connection).filter((r) => r.name !== saved.name);
      return write(connection, [...list.slice(0, at), saved, ...list.slice(at)]);
    },
  };
});
