import { create } from 'zustand';
import type { ReadyRequest } from '../description/describe-request';
import { forgetHistory, HISTORY_SIZE, keepEntry, readHistory } from './history-db';
import type { HistoryEntry } from './history-entry';
import type { KeptAnswer } from './kept-answer';

/** A request just sent, with what History may keep of its answer (null when none came). */
interface Sent {
  organization: string;
  connection: string;
  sentAt: number;
  sent: ReadyRequest;
  status: number | null;
  answer: KeptAnswer | null;
}

interface HistoryState {
  /** The organization whose history is shown; null before a session's screen opens it. */
  organization: string | null;
  /** Its entries, newest first. */
  entries: HistoryEntry[];
  /** Shows an organization's history, read from the browser's storage. */
  open: (organization: string) => Promise<void>;
  add: (sent: Sent) => Promise<void>;
  /** _Forget history_: the shown organization's requests and answers, here and in storage. */
  forget: () => Promise<void>;
  /** Shows nothing (a sign-out); what is stored stays for the organization's next session. */
  leave: () => void;
}

/** One list of entries, each once, newest first, at most `HISTORY_SIZE`. */
function merged(a: readonly HistoryEntry[], b: readonly HistoryEntry[]): HistoryEntry[] {
  const byId = new Map([...b, ...a].map((e) => [e.id, e]));
  return [...byId.values()].sort((x, y) => y.sentAt - x.sentAt).slice(0, HISTORY_SIZE);
}

/**
 * The requests sent from this browser, per organization (its sandbox and production share them), kept in IndexedDB
 * (`history-db.ts`) so that they outlast a reload and a sign-out. An entry keeps what its description keeps
 * (`kept`: never the token, secrets masked; `masked` says one was, so it can only be edited) and what
 * `keptAnswer` keeps of its answer. Where the browser has no IndexedDB it lasts as long as the tab.
 */
export const useHistoryStore = create<HistoryState>()((set, get) => ({
  organization: null,
  entries: [],
  open: async (organization) => {
    if (get().organization === organization) return;
    set({ organization, entries: [] });
    const stored = await readHistory(organization);
    if (get().organization === organization) set((s) => ({ entries: merged(s.entries, stored) }));
  },
  add: async ({ organization, connection, sentAt, sent, status, answer }) => {
    const entry: HistoryEntry = {
      id: crypto.randomUUID(),
      organization,
      connection,
      sentAt,
      ...sent.kept,
      status,
      answerSize: answer?.kept ? answer.text.length : 0,
      answerNote: answer === null ? null : answer.kept ? null : answer.why,
    };
    if (get().organization === organization) set((s) => ({ entries: merged([entry], s.entries) }));
    let kept: HistoryEntry[] | null;
    try {
      kept = await keepEntry(entry, answer?.kept ? answer.text : null);
    } catch {
      return; // Storage refused it (full): the entry stays in this tab's list.
    }
    if (kept && get().organization === organization) set({ entries: kept });
  },
  forget: async () => {
    const { organization } = get();
    set({ entries: [] });
    if (organization !== null) await forgetHistory(organization);
  },
  leave: () => set({ organization: null, entries: [] }),
}));
