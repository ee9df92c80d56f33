import type { IncomingMessage } from 'node:http';

/** What the rooms that handled a request learnt about it, for the emulator's request journal. */
export interface RequestNotes {
  /** The user it acted as: its verified bearer token's, or the one its sign-in signed in. */
  user: string | null;
  /** A scripted fault of the control API answered it instead of its route. */
  fault: boolean;
  /** A recording of REPLAY_DIR answered it. */
  replayed: boolean;
  /** With REPLAY_DIR, no recording answered it: its 404 is `not_recorded`, not the emulator's own. */
  notRecorded: boolean;
  /** The body as read, when the journal asked for it (keepBody) and there was one; else null. */
  body: Buffer | null;
}

interface Noted extends Omit<RequestNotes, 'user' | 'body'> {
  user: string | (() => string) | null;
  /** 'wanted': the journal asked for the body, which has not been read (yet). */
  body: Buffer | 'wanted' | null;
}

// Keyed by the request itself, so a note lives exactly as long as the request object. Only the journal reads notes:
// a request it does not record is not noted at all (a replayed call under load is not worth an entry it never reads).
const notes = new WeakMap<IncomingMessage, Noted>();

/** Starts the notes of a request the journal records: what rooms note of any other request is not kept. */
export function takeNotes(req: IncomingMessage) {
  notes.set(req, { user: null, fault: false, replayed: false, notRecorded: false, body: null });
}

/**
 * Notes the user a request acted as (never a secret: a user name). A function is called only if the notes are
 * read: reading a name from its stored record costs more than the rest of a getuser call, and without the journal
 * no one asks.
 */
export function noteUser(req: IncomingMessage, username: string | (() => string)) {
  const noted = notes.get(req);
  if (noted) noted.user = username;
}

/** Notes that a scripted fault answered the request. */
export function noteFault(req: IncomingMessage) {
  const noted = notes.get(req);
  if (noted) noted.fault = true;
}

/** Notes that a recording answered the request. */
export function noteReplayed(req: IncomingMessage) {
  const noted = notes.get(req);
  if (noted) noted.replayed = true;
}

/** Notes that no recording answered the request (replay's 404 `not_recorded`). */
export function noteNotRecorded(req: IncomingMessage) {
  const noted = notes.get(req);
  if (noted) noted.notRecorded = true;
}

/** Asks that the request's body, once read, be kept in its notes (the journal's opt-in to digest it). */
export function keepBody(req: IncomingMessage) {
  const noted = notes.get(req);
  if (noted) noted.body = 'wanted';
}

/** Keeps a body just read in the request's notes, if keepBody asked for it. */
export function noteBody(req: IncomingMessage, body: Buffer) {
  const noted = notes.get(req);
  if (noted?.body === 'wanted') noted.body = body;
}

/** What was noted about a request. */
export function requestNotes(req: IncomingMessage): Readonly<RequestNotes> {
  const noted = notes.get(req);
  if (!noted) return { user: null, fault: false, replayed: false, notRecorded: false, body: null };
  const { user, body } = noted;
  return {
    ...noted,
    user: typeof user === 'function' ? user() : user,
    body: body === 'wanted' ? null : body,
  };
}
