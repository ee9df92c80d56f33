/** An object or array: a value with members to show. */
export type JsonContainer = Record<string, unknown> | unknown[];

export function isContainer(value: unknown): value is JsonContainer {
  return typeof value === 'object' && value !== null;
}

/** The member names of a container, in order; arrays use their indexes. */
export function memberKeys(value: JsonContainer): (string | number)[] {
  return Array.isArray(value) ? Array.from(value.keys()) : Object.keys(value);
}

export function memberCount(value: JsonContainer): number {
  return Array.isArray(value) ? value.length : Object.keys(value).length;
}

export function member(value: JsonContainer, key: string | number): unknown {
  return Array.isArray(value) ? value[key as number] : value[key as string];
}

/** "3 items", "1 key": what a collapsed container holds. */
export function countText(value: JsonContainer, count: number): string {
  const noun = Array.isArray(value) ? 'item' : 'key';
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
}

/** The names a record is known by, most telling first: a name or title, then an e-mail, then an ID. */
const NAME_KEYS = ['fullname', 'displayname', 'name', 'title', 'subject'];
const EMAIL_KEYS = ['primaryemail', 'email', 'emailaddress', 'username'];
const ID_KEYS = ['id', 'uid', 'guid', 'uuid', 'key'];
/** Any other member named as an ID is (`AppID`, `TicketId`, `user_id`; not `Paid`). */
const ANY_ID = /^(id|Id|ID|uid|UID)$|[a-z0-9](ID|Id|UID|Uid)$|_(id|ID|uid|UID)$/;

const CAPTION_LENGTH = 80;

/**
 * What a record of an array is called: its name or title, its e-mail, else its ID (named: `ID 42`), the first two
 * that it has, so that a list of people reads "Jane Doe · jdoe@example.edu" rather than "0: {…}". Null for a
 * record with none of them.
 */
export function recordCaption(record: Record<string, unknown>): string | null {
  const byName = new Map<string, string>();
  let anyId: string | null = null;
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (!(typeof value === 'string' && value.trim() !== '') && typeof value !== 'number') continue;
    byName.set(key.toLowerCase(), key);
    if (anyId === null && ANY_ID.test(key)) anyId = key;
  }
  const first = (names: string[]) => names.map((n) => byName.get(n)).find((key) => key !== undefined);
  const text = (key: string) => {
    const shown = String(record[key]).trim();
    return shown.length > CAPTION_LENGTH ? `${shown.slice(0, CAPTION_LENGTH)}…` : shown;
  };
  const name = first(NAME_KEYS);
  const email = first(EMAIL_KEYS);
  const id = first(ID_KEYS) ?? anyId;
  const parts = [
    ...(name ? [text(name)] : []),
    ...(email ? [text(email)] : []),
    ...(id ? [`${id} ${text(id)}`] : []),
  ];
  const unique = [...new Set(parts)].slice(0, 2);
  return unique.length > 0 ? unique.join(' · ') : null;
}

/** Beyond this, a string is shown cut short (copying it still gives all of it). */
const SHOWN_STRING_LENGTH = 2000;

/** A primitive as JSON writes it, a long string cut short with what was left out. */
export function primitiveText(value: unknown): string {
  if (typeof value === 'string') {
    if (value.length <= SHOWN_STRING_LENGTH) return JSON.stringify(value);
    const rest = value.length - SHOWN_STRING_LENGTH;
    return `${JSON.stringify(value.slice(0, SHOWN_STRING_LENGTH))}… (${rest.toLocaleString('en-US')} more characters)`;
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return '[]';
  if (typeof value === 'object') return '{}';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // Not JSON (undefined, a function): say what it is.
  return typeof value;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Where a member sits, written as JavaScript would reach it: `items[3].name`, `["Content-Type"]`. */
export function memberPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  if (IDENTIFIER.test(key)) return parent ? `${parent}.${key}` : key;
  return `${parent}[${JSON.stringify(key)}]`;
}

/** The JSON a copy of a value gives, indented for reading. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? '';
}
