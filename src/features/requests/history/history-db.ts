import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { HistoryEntry } from './history-entry';

/** This feature's own database: no other feature shares its schema version. */
export const HISTORY_DB = 'auth-console-history';

/** Requests an organization's history keeps; older ones go first. */
export const HISTORY_SIZE = 500;

/** Characters of answers an organization's history keeps; the oldest answers go first (their requests stay). */
const ANSWERS_CAP = 5_000_000;

interface StoredAnswer {
  id: string;
  organization: string;
  text: string;
}

interface HistorySchema extends DBSchema {
  entries: { key: string; value: HistoryEntry; indexes: { organization: string } };
  answers: { key: string; value: StoredAnswer; indexes: { organization: string } };
}

type Db = IDBPDatabase<HistorySchema>;

let opening: Promise<Db> | null = null;

/** The database, opened once; null where the browser has no IndexedDB (History then lasts as long as the tab). */
function database(): Promise<Db> | null {
  if (typeof indexedDB === 'undefined') return null;
  opening ??= openDB<HistorySchema>(HISTORY_DB, 1, {
    upgrade(db) {
      db.createObjectStore('entries', { keyPath: 'id' }).createIndex('organization', 'organization');
      db.createObjectStore('answers', { keyPath: 'id' }).createIndex('organization', 'organization');
    },
  });
  return opening;
}

/** Newest first. */
const newestFirst = (a: HistoryEntry, b: HistoryEntry) => b.sentAt - a.sentAt;

/** An organization's history, newest first. */
export async function readHistory(organization: string): Promise<HistoryEntry[]> {
  const db = await database();
  if (!db) return [];
  return (await db.getAllFromIndex('entries', 'organization', organization)).sort(newestFirst);
}

/**
 * Keeps an entry and its answer's text, in one transaction, then drops what is over the caps: the oldest requests
 * beyond `HISTORY_SIZE`, and the oldest answers until they hold `ANSWERS_CAP` characters or fewer. The entries kept,
 * newest first; null without IndexedDB.
 */
export async function keepEntry(
  entry: HistoryEntry,
  answer: string | null,
  caps = { entries: HISTORY_SIZE, answers: ANSWERS_CAP },
): Promise<HistoryEntry[] | null> {
  const db = await database();
  if (!db) return null;
  const tx = db.transaction(['entries', 'answers'], 'readwrite');
  const entries = tx.objectStore('entries');
  const answers = tx.objectStore('answers');
  await entries.put(entry);
  if (answer !== null) await answers.put({ id: entry.id, organization: entry.organization, text: answer });
  const all = (await entries.index('organization').getAll(entry.organization)).sort(newestFirst);
  const kept = all.slice(0, caps.entries);
  for (const old of all.slice(caps.entries)) {
    await entries.delete(old.id);
    await answers.delete(old.id);
  }
  let size = 0;
  for (const [i, e] of kept.entries()) {
    size += e.answerSize;
    if (size <= caps.answers || e.answerSize === 0) continue;
    const dropped = {
      ...e,
      answerSize: 0,
      answerNote: 'Its answer was dropped to make room for newer ones.',
    };
    kept[i] = dropped;
    await entries.put(dropped);
    await answers.delete(e.id);
  }
  await tx.done;
  return kept;
}

/** The kept text of an entry's answer, or null. */
export async function readAnswer(id: string): Promise<string | null> {
  const db = await database();
  return (await db?.get('answers', id))?.text ?? null;
}

/** The ids of an organization's entries whose kept answer contains `text` (letter case aside). */
export async function answersContaining(organization: string, text: string): Promise<Set<string>> {
  const db = await database();
  const found = new Set<string>();
  if (!db) return found;
  const needle = text.toLowerCase();
  let cursor = await db.transaction('answers').store.index('organization').openCursor(organization);
  while (cursor) {
    if (cursor.value.text.toLowerCase().includes(needle)) found.add(cursor.value.id);
    cursor = await cursor.continue();
  }
  return found;
}

/** Forgets an organization's history, its requests and answers. */
export async function forgetHistory(organization: string): Promise<void> {
  const db = await database();
  if (!db) return;
  const tx = db.transaction(['entries', 'answers'], 'readwrite');
  for (const name of ['entries', 'answers'] as const) {
    const index = tx.objectStore(name).index('organization');
    for (const key of await index.getAllKeys(organization)) await tx.objectStore(name).delete(key);
  }
  await tx.done;
}
