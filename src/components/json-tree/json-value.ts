/** An object or array: a value with members to show. */
export type JsonContainer = Record<string, unknown> | unknown[];

export function isContainer(value: unknown): value is JsonContainer {
  return typeof value === 'object' && value !== null;
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
