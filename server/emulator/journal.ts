import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestNotes } from '../http/request-notes.ts';
import type { Clock } from '../runtime/clock.ts';
import type { ApiBase } from '../../contract/web-api/bases.ts';

/** What answered a call: the emulator's routes, a fault the control API scripted, or a recording (REPLAY_DIR). */
type AnsweredBy = 'emulator' | 'fault' | 'replay';

/** One Web API call, as `GET /_emulator/requests` lists it: never a header, body, token or query value. */
export interface JournalEntry {
  /** Counts up from 1 since the server started; never reused, not even after a DELETE. */
  id: number;
  /** When it arrived, by the emulator's one clock (ISO 8601). */
  time: string;
  method: string;
  base: ApiBase;
  /** Below the base, as the client wrote it (letter case and all), without the query. */
  path: string;
  /** The names of its query parameters, each once, in order; their values are never kept. */
  query: string[];
  /** The answer's status; null until it is answered, and for ever if the connection closed first. */
  status: number | null;
  /** The user it acted as: its verified bearer token's, or the one its sign-in signed in; null if none. */
  user: string | null;
  answeredBy: AnsweredBy;
}

/** The journal's answer: its entries, oldest first, and how many older ones were dropped to stay bounded. */
export interface JournalListing {
  requests: JournalEntry[];
  dropped: number;
  max: number;
}

/** Entries kept, oldest dropped first; at under 2 KB each (paths and names are capped), some 2 MB at most. */
export const MAX_JOURNAL_ENTRIES = 1_000;
/** Longer than any path of the Web API; a path past it is cut (and ends in `…`). */
const MAX_PATH = 1_024;
/** Query names kept per call, each at most MAX_NAME characters: longer ones are left out (no real one is). */
const MAX_NAMES = 32;
const MAX_NAME = 64;

function queryNames(url: URL): string[] {
  const names = [...new Set(url.searchParams.keys())].filter((name) => name.length <= MAX_NAME);
  return names.slice(0, MAX_NAMES);
}

/**
 * The request journal of the test-control API (WireMock's is its model): the Web API calls the emulator received,
 * since it started or since the last `DELETE /_emulator/requests`, oldest first, bounded. Control calls never
 * reach it: they are not below an API base.
 */
export class Journal {
  private entries: JournalEntry[] = [];
  private dropped = 0;
  private nextId = 1;

  constructor(private readonly clock: Clock) {}

  /** Records a call as it arrives, and its status and what answered it when the answer is sent. */
  record(req: IncomingMessage, res: ServerResponse, url: URL, base: ApiBase, below: string) {
    const entry: JournalEntry = {
      id: this.nextId++,
      time: new Date(this.clock.now()).toISOString(),
      method: req.method ?? '',
      base,
      path: below.length > MAX_PATH ? `${below.slice(0, MAX_PATH)}…` : below,
      query: queryNames(url),
      status: null,
      user: null,
      answeredBy: 'emulator',
    };
    if (this.entries.length >= MAX_JOURNAL_ENTRIES) {
      this.entries.shift();
      this.dropped++;
    }
    this.entries.push(entry);
    const done = () => {
      const notes = requestNotes(req);
      entry.status = res.headersSent ? res.statusCode : null;
      entry.user = notes.user;
      if (notes.fault) entry.answeredBy = 'fault';
      else if (notes.replayed) entry.answeredBy = 'replay';
    };
    res.once('finish', done);
    res.once('close', done);
  }

  list(): JournalListing {
    return {
      requests: this.entries.map((entry) => ({ ...entry, query: [...entry.query] })),
      dropped: this.dropped,
      max: MAX_JOURNAL_ENTRIES,
    };
  }

  /** Forgets every entry and the count of dropped ones; returns how many entries there were. */
  clear(): number {
    const cleared = this.entries.length;
    this.entries = [];
    this.dropped = 0;
    return cleared;
  }
}
