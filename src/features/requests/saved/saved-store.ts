import { create } from 'zustand';
import { ownValue } from '@/lib/own-value';
import { readText, storeText } from '@/lib/local-storage';
import { parseSaved, type SavedRequest } from './saved-request';
import { SAVED_REQUESTS_KEY } from './saved-requests-key';

interface SavedState {
  /**
   * Saved requests by organization (`Connection.organization`: its sandbox and production share them), in the
   * order saved: read with `ownValue`. A key that is a connection's API base is what an older console wrote:
   * `adopt` moves it to its organization.
   */
  byOrganization: Record<string, SavedRequest[]>;
  /**
   * Keeps requests, all in one write to storage; one of the same name in the same organization is replaced (that is
   * how one is edited). False when the browser refused the write (its storage is full): nothing was kept.
   */
  save: (organization: string, saved: readonly SavedRequest[]) => boolean;
  /** False when the browser refused the write: nothing was deleted. */
  remove: (organization: string, name: string) => boolean;
  /** Puts a deleted request back where it was (an undone _Delete_); false when the browser refused the write. */
  restore: (organization: string, saved: SavedRequest, at: number) => boolean;
  /** Removes every request an import brought (`importId`) in one write; false when the browser refused it. */
  removeImport: (organization: string, importId: string) => boolean;
  /**
   * Moves the requests an older console saved under a connection's API base (`from`) into its organization's
   * list, a name already there kept and the moved one renamed (`freeName`).
   */
  adopt: (from: string, organization: string) => void;
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
  const write = (organization: string, list: SavedRequest[], dropped?: string) => {
    const byOrganization = { ...get().byOrganization, [organization]: list };
    if (dropped !== undefined) delete byOrganization[dropped];
    if (!storeText(SAVED_REQUESTS_KEY, JSON.stringify(byOrganization))) return false;
    set({ byOrganization });
    return true;
  };
  const listOf = (organization: string) => ownValue(get().byOrganization, organization) ?? [];
  return {
    byOrganization: readSaved(readText(SAVED_REQUESTS_KEY)),
    save: (organization, saved) => write(organization, withSaved(listOf(organization), saved)),
    remove: (organization, name) =>
      write(
        organization,
        listOf(organization).filter((r) => r.name !== name),
      ),
    restore: (organization, saved, at) => {
      const list = listOf(organization).filter((r) => r.name !== saved.name);
      return write(organization, [...list.slice(0, at), saved, ...list.slice(at)]);
    },
    removeImport: (organization, importId) =>
      write(
        organization,
        listOf(organization).filter((r) => r.importId !== importId),
      ),
    adopt: (from, organization) => {
      const old = ownValue(get().byOrganization, from);
      if (!old || from === organization) return;
      const list = [...listOf(organization)];
      for (const saved of old) list.push({ ...saved, name: freeName(list, saved.name) });
      write(organization, list, from);
    },
  };
});
