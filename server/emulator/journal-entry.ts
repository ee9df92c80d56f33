import type { ApiBase } from '../../contract/web-api/bases.ts';

/**
 * What answered a call: the emulator's routes, a fault the control API scripted, a recording (REPLAY_DIR), or
 * nothing, because no recording answers it.
 */
export const ANSWERED_BY = ['emulator', 'fault', 'replay', 'not_recorded'] as const;
export type AnsweredBy = (typeof ANSWERED_BY)[number];

/**
 * One Web API call, as `GET /_emulator/requests` lists it: never a header, body or token; a query value and a
 * digest of the body only with EMULATOR_JOURNAL_VALUES, and never a secret-named value or a sign-in's.
 */
export interface JournalEntry {
  /** Counts up from 1 since the server started; never reused, not even after a DELETE. */
  id: number;
  /** When it arrived, by the emulator's one clock (ISO 8601). */
  time: string;
  method: string;
  base: ApiBase;
  /** Below the base, as the client wrote it (letter case and all), without the query. */
  path: string;
  /** The names of its query parameters, each once, in order. */
  query: string[];
  /**
   * EMULATOR_JOURNAL_VALUES only: the query's name and value pairs as sent, secret-named values masked; null for
   * the Auth area (sign-ins, single sign-on), whose values are never kept.
   */
  params?: [string, string][] | null;
  /**
   * EMULATOR_JOURNAL_VALUES only: the body's digest (body-digest.ts); null when it had none, was never read, or
   * is the Auth area's.
   */
  bodyDigest?: string | null;
  /** The answer's status; null until it is answered, and for ever if the connection closed first. */
  status: number | null;
  /** The user it acted as: its verified bearer token's, or the one its sign-in signed in; null if none. */
  user: string | null;
  answeredBy: AnsweredBy;
}
