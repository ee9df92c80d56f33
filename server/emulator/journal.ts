import type { IncomingMessage, ServerResponse } from 'node:http';
import { isSecretName, MASKED_SECRET } from '../../contract/secret-fields.ts';
import { authCallOf } from '../../contract/web-api/auth-calls.ts';
import type { ApiBase } from '../../contract/web-api/bases.ts';
import { keepBody, requestNotes, takeNotes } from '../http/request-notes.ts';
import type { Clock } from '../runtime/clock.ts';
import { bodyDigest } from './body-digest.ts';
import type { JournalEntry } from './journal-entry.ts';
import { matchesFilter, type JournalFilter } from './journal-filter.ts';

/** The journal's answer: its entries (those a filter matches), oldest first, and how many were dropped. */
export interface JournalListing {
  requests: JournalEntry[];
  dropped: number;
  max: number;
}

export interface JournalSettings {
  /** Entries kept, oldest dropped first (EMULATOR_JOURNAL_MAX). */
  max: number;
  /** Keep query values and a digest of each body (EMULATOR_JOURNAL_VALUES): for synthetic data only. */
  keepValues: boolean;
}

/** Longer than any path of the Web API; a path past it is cut (and ends in `…`). */
const MAX_PATH = 1_024;
/** Query names kept per call, each at most MAX_NAME characters: longer ones are left out (no real one is). */
const MAX_NAMES = 32;
const MAX_NAME = 64;
/** A query value longer than this is cut (and ends in `…`): a page number or a search text is far shorter. */
const MAX_VALUE = 200;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

function queryNames(url: URL): string[] {
  const names = [...new Set(url.searchParams.keys())].filter((name) => name.length <= MAX_NAME);
  return names.slice(0, MAX_NAMES);
}

function queryParams(url: URL): [string, string][] {
  return [...url.searchParams]
    .filter(([name]) => name.length <= MAX_NAME)
    .slice(0, MAX_NAMES)
    .map(([name, value]) => [name, isSecretName(name) ? MASKED_SECRET : cut(value, MAX_VALUE)]);
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

  constructor(
    private readonly clock: Clock,
    private readonly settings: JournalSettings,
  ) {}

  /** Records a call as it arrives, and its status and what answered it when the answer is sent. */
  record(req: IncomingMessage, res: ServerResponse, url: URL, base: ApiBase, below: string) {
    takeNotes(req);
    const entry: JournalEntry = {
      id: this.nextId++,
      time: new Date(this.clock.now()).toISOString(),
      method: req.method ?? '',
      base,
      path: cut(below, MAX_PATH),
      query: queryNames(url),
      status: null,
      user: null,
      answeredBy: 'emulator',
    };
    // Read leniently, every spelling of the Auth area: its sign-ins' bodies and single sign-on's codes never kept.
    const values = this.settings.keepValues && !authCallOf(entry.method, below, 'lenient').authArea;
    if (this.settings.keepValues) {
      entry.params = values ? queryParams(url) : null;
      entry.bodyDigest = null;
      if (values) keepBody(req);
    }
    if (this.entries.length >= this.settings.max) {
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
      else if (notes.notRecorded) entry.answeredBy = 'not_recorded';
      if (values && notes.body && entry.bodyDigest === null) entry.bodyDigest = bodyDigest(notes.body);
    };
    res.once('finish', done);
    res.once('close', done);
  }

  /** The entries a filter matches (all without one), oldest first. */
  list(filter: JournalFilter = {}): JournalListing {
    return {
      requests: this.entries
        .filter((entry) => matchesFilter(entry, filter))
        .map((entry) => structuredClone(entry)),
      dropped: this.dropped,
      max: this.settings.max,
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
