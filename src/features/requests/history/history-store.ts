import { create } from 'zustand';
import type { ReadyRequest } from '../description/describe-request';
import type { KeptRequest } from '../description/mask-request';

export const HISTORY_SIZE = 50;

/** A request sent from this tab, as its description keeps it: the form and request with secrets masked. */
export interface HistoryEntry extends KeptRequest {
  id: number;
  /** Browser-clock ms when it was sent. */
  sentAt: number;
  /** The answer's status, or null when none came (unreachable). */
  status: number | null;
}

interface HistoryState {
  entries: HistoryEntry[];
  add: (entry: { sentAt: number; sent: ReadyRequest; status: number | null }) => void;
  clear: () => void;
}

let nextId = 1;

/**
 * The last requests of this tab, newest first, in memory only; the token is never part of one. An entry keeps what
 * its description keeps (`kept`): `masked` says a secret was masked, so re-running it would send the mask and it can
 * only be edited.
 */
export const useHistoryStore = create<HistoryState>()((set) => ({
  entries: [],
  add: ({ sentAt, sent, status }) => {
    const entry: HistoryEntry = { id: nextId++, sentAt, ...sent.kept, status };
    set((s) => ({ entries: [entry, ...s.entries].slice(0, HISTORY_SIZE) }));
  },
  clear: () => set({ entries: [] }),
}));
