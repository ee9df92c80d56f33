/**
 * How the Web API reads a JSON Patch (RFC 6902) on a record it can patch (a ticket, an asset, a person), as its help
 * page "Using HTTP PATCH" (`<base>/Home/AboutPatching`) says:
 * - property names are matched in any letter case;
 * - custom attributes are addressed by their ID, `/attributes/{id}`, never by position (so `/-` cannot be used),
 *   and take their value alone (a string; a choice's ID, or several IDs separated by commas);
 * - `add` and `copy` set a property the record has and never make a new one; `remove` and `move` clear a property
 *   rather than take it away (a custom attribute removed has no value);
 * - `test` is not supported.
 * The emulator's PATCH applies patches with it, and the console's JSON Patch is written with its pointers.
 */

export type JsonObject = Record<string, unknown>;

const OPS = ['add', 'replace', 'remove', 'copy', 'move'] as const;
type PatchOp = (typeof OPS)[number];

export interface PatchOperation {
  op: PatchOp;
  path: string;
  value?: unknown;
  from?: string;
}

/** What a pointer addresses: a property of the record, or one of its custom attributes by ID. */
type PatchTarget = { kind: 'property'; name: string } | { kind: 'attribute'; id: number };

type Result<T> = { ok: true; value: T } | { ok: false; message: string };

/** The name of a record's collection of custom attributes, in any letter case. */
export const ATTRIBUTES = 'Attributes';

/** At most this many operations in one patch: the Web API caps a request at 4 MB, the emulator's body at 64 KB. */
export const MAX_PATCH_OPERATIONS = 1000;

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const unescape = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** The pointer of a record's property: `/Title`. */
export function propertyPointer(name: string): string {
  return `/${escape(name)}`;
}

/** The pointer of a custom attribute, by its ID: `/attributes/1234`. */
export function attributePointer(id: number): string {
  return `/attributes/${id}`;
}

/** A custom attribute's ID as the Web API takes it: a whole number above 0, or its digits as text. */
export function attributeId(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

function readPointer(pointer: string): Result<PatchTarget> {
  if (!pointer.startsWith('/'))
    return { ok: false, message: `"${pointer}" is not a JSON Pointer: it must start with "/".` };
  const segments = pointer.slice(1).split('/').map(unescape);
  const [first = '', second] = segments;
  if (first.toLowerCase() === ATTRIBUTES.toLowerCase()) {
    if (segments.length !== 2)
      return {
        ok: false,
        message: `"${pointer}": custom attributes are addressed one at a time by their ID, as /attributes/{id}.`,
      };
    const id = attributeId(second);
    if (id === null)
      return {
        ok: false,
        message: `"${pointer}": a custom attribute is addressed by its ID (a whole number), not by position or "-".`,
      };
    return { ok: true, value: { kind: 'attribute', id } };
  }
  if (segments.length !== 1 || first === '')
    return { ok: false, message: `"${pointer}": only a property of the record itself can be patched.` };
  return { ok: true, value: { kind: 'property', name: first } };
}

/** An operation's members by their lower-case names (the Web API reads names in any letter case). */
function members(item: unknown): Map<string, unknown> | null {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return null;
  return new Map(Object.entries(item).map(([key, value]) => [key.toLowerCase(), value]));
}

/** A JSON Patch document as sent: an array of operations, each read and checked. */
export function readPatch(body: unknown): Result<PatchOperation[]> {
  if (!Array.isArray(body))
    return { ok: false, message: 'A JSON Patch is an array of operations, such as [{"op": "add", …}].' };
  if (body.length > MAX_PATCH_OPERATIONS)
    return { ok: false, message: `A patch holds at most ${MAX_PATCH_OPERATIONS} operations.` };
  const operations: PatchOperation[] = [];
  for (const [index, item] of body.entries()) {
    const where = `Operation ${index + 1}`;
    const fields = members(item);
    if (!fields) return { ok: false, message: `${where} is not an object.` };
    const op = fields.get('op');
    if (op === 'test') return { ok: false, message: `${where}: the test operation is not supported.` };
    if (typeof op !== 'string' || !(OPS as readonly string[]).includes(op))
      return { ok: false, message: `${where}: "op" must be one of ${OPS.join(', ')}.` };
    const path = fields.get('path');
    if (typeof path !== 'string') return { ok: false, message: `${where}: "path" must be a JSON Pointer.` };
    const operation: PatchOperation = { op: op as PatchOp, path };
    if (op === 'add' || op === 'replace') {
      if (!fields.has('value')) return { ok: false, message: `${where}: ${op} needs a "value".` };
      operation.value = fields.get('value');
    }
    if (op === 'copy' || op === 'move') {
      const from = fields.get('from');
      if (typeof from !== 'string') return { ok: false, message: `${where}: ${op} needs a "from" pointer.` };
      operation.from = from;
    }
    operations.push(operation);
  }
  return { ok: true, value: operations };
}

/** A custom attribute's value as the Web API takes it in a patch: text (a number is read as its digits). */
function attributeValue(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/**
 * A record being patched: its properties by lower-case name (each with its name as the record writes it), and its
 * custom attributes in order. Made into an object again with `Object.fromEntries`, so that no name, not even
 * `__proto__`, can reach a prototype.
 */
class Patched {
  private readonly properties = new Map<string, [name: string, value: unknown]>();
  private attributes: JsonObject[] | null;

  constructor(
    record: JsonObject,
    private readonly cleared: (name: string) => unknown,
  ) {
    for (const [name, value] of Object.entries(record))
      this.properties.set(name.toLowerCase(), [name, value]);
    const list = this.properties.get(ATTRIBUTES.toLowerCase())?.[1];
    this.attributes = Array.isArray(list) ? list.map((item) => ({ ...(item as JsonObject) })) : null;
  }

  private property(name: string): Result<[string, unknown]> {
    const found = this.properties.get(name.toLowerCase());
    if (!found || name.toLowerCase() === ATTRIBUTES.toLowerCase())
      return {
        ok: false,
        message: `"${name}" is no property of the record that a patch can set (a patch cannot add properties).`,
      };
    return { ok: true, value: found };
  }

  private attributeList(): Result<JsonObject[]> {
    return this.attributes
      ? { ok: true, value: this.attributes }
      : { ok: false, message: 'The record has no custom attributes.' };
  }

  private indexOf(list: JsonObject[], id: number): number {
    return list.findIndex((attribute) => attributeId(attribute.ID) === id);
  }

  get(target: PatchTarget): Result<unknown> {
    if (target.kind === 'property') {
      const found = this.property(target.name);
      return found.ok ? { ok: true, value: structuredClone(found.value[1]) } : found;
    }
    const list = this.attributeList();
    if (!list.ok) return list;
    const at = this.indexOf(list.value, target.id);
    return at < 0
      ? { ok: false, message: `The record has no value for custom attribute ${target.id}.` }
      : { ok: true, value: list.value[at]!.Value };
  }

  set(target: PatchTarget, value: unknown): Result<null> {
    if (target.kind === 'property') {
      const found = this.property(target.name);
      if (!found.ok) return found;
      this.properties.set(target.name.toLowerCase(), [found.value[0], value]);
      return { ok: true, value: null };
    }
    const list = this.attributeList();
    if (!list.ok) return list;
    const text = attributeValue(value);
    if (text === null)
      return { ok: false, message: `Custom attribute ${target.id} takes its value as text.` };
    const at = this.indexOf(list.value, target.id);
    if (at < 0) list.value.push({ ID: target.id, Value: text });
    else list.value[at] = { ...list.value[at], Value: text };
    return { ok: true, value: null };
  }

  clear(target: PatchTarget): Result<null> {
    if (target.kind === 'property') {
      const found = this.property(target.name);
      if (!found.ok) return found;
      this.properties.set(target.name.toLowerCase(), [found.value[0], this.cleared(found.value[0])]);
      return { ok: true, value: null };
    }
    const list = this.attributeList();
    if (!list.ok) return list;
    this.attributes = list.value.filter((attribute) => attributeId(attribute.ID) !== target.id);
    return { ok: true, value: null };
  }

  record(): JsonObject {
    return Object.fromEntries(
      [...this.properties.entries()].map(([lower, [name, value]]) => [
        name,
        lower === ATTRIBUTES.toLowerCase() && this.attributes ? this.attributes : value,
      ]),
    );
  }
}

function applyOne(patched: Patched, operation: PatchOperation): Result<null> {
  const target = readPointer(operation.path);
  if (!target.ok) return target;
  switch (operation.op) {
    case 'add':
    case 'replace':
      return patched.set(target.value, operation.value);
    case 'remove':
      return patched.clear(target.value);
    case 'copy':
    case 'move': {
      const from = readPointer(operation.from ?? '');
      if (!from.ok) return from;
      const value = patched.get(from.value);
      if (!value.ok) return value;
      if (operation.op === 'move') {
        const cleared = patched.clear(from.value);
        if (!cleared.ok) return cleared;
      }
      return patched.set(target.value, value.value);
    }
  }
}

/**
 * The record with the operations applied in order, or why not (the first operation that cannot apply, named):
 * all or nothing. `cleared(name)` is the value a property has once cleared (its type's empty value).
 */
export function applyPatch(
  record: JsonObject,
  operations: readonly PatchOperation[],
  cleared: (name: string) => unknown,
): Result<JsonObject> {
  const patched = new Patched(record, cleared);
  for (const [index, operation] of operations.entries()) {
    const applied = applyOne(patched, operation);
    if (!applied.ok) return { ok: false, message: `Operation ${index + 1}: ${applied.message}` };
  }
  return { ok: true, value: patched.record() };
}
