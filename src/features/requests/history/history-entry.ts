import type { KeptRequest } from '../description/mask-request';

/** A request sent, as History keeps it: the request's description (`kept`, masked) and what came back. */
export interface HistoryEntry extends KeptRequest {
  id: string;
  /** `Connection.organization`: an organization's sandbox and production share one history. */
  organization: string;
  /** The connection's label when it was sent. */
  connection: string;
  /** Browser-clock ms when it was sent. */
  sentAt: number;
  /** The answer's status, or null when none came (unreachable). */
  status: number | null;
  /** Characters of its kept answer (0 when none is kept); `answerNote` says why an answer is not (or no longer) kept. */
  answerSize: number;
  answerNote: string | null;
}
