import { create } from 'zustand';
import { maskRequest } from './mask-secrets';
import type { BuiltRequest, RequestForm } from '../form/request-form';

export const HISTORY_SIZE = 50;

export interface HistoryEntry {
  id: number;
  /** Browser-clock ms when it was sent. */
  sentAt: number;
  /** The form as sent, secrets masked. */
  form: RequestForm;
  /** The request as sent, secrets masked in its body and query. */
  request: BuiltRequest;
  /** The answer's status, or null when none came (unreachable). */
  status: number | null;
  /** A secret was masked: re-running it would send the mask, so it can only be edited. */
  masked: boolean;
}

interface HistoryState {
  entries: HistoryEntry[];
  add: (entry: { sentAt: number; form: RequestForm; request: BuiltRequest; status: number | null }) => void;
  clear: () => void;
}

let nextId = 1;

/** The last requests of this tab, newest first, in memory only; the token is never part of one. */
export const useHistoryStore = create<HistoryState>()((set) => ({
  entries: [],
  add: ({ sentAt, form, request, status }) => {
    const safe = maskRequest(form, request);
    const entry: HistoryEntry = { id: nextId++, sentAt, ...safe, status };
    set((s) => ({ entries: [entry, ...s.entries].slice(0, HISTORY_SIZE) }));
  },
  clear: () => set({ entries: [] }),
}));
