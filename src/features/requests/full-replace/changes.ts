import { ATTRIBUTES, attributeId, type JsonObject } from '@contract/web-api/json-patch';

/** A custom attribute's new value, by its ID. */
interface AttributeChange {
  id: number;
  /** As text, as the Web API keeps every custom attribute's value (a choice as its ID). */
  value: string;
}

/**
 * What a whole-record edit changes, as the person writes it (a partial record): top-level fields with their new
 * values, and custom attributes by ID, each merged into the record's own list (never replacing the list).
 */
export interface Changes {
  fields: [name: string, value: unknown][];
  attributes: AttributeChange[];
}

type Read<T> = { ok: true; value: T } | { ok: false; message: string };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The property of `record` whose name is `name` in any letter case (the Web API reads names so), or undefined. */
export function propertyName(record: JsonObject, name: string): string | undefined {
  const lower = name.toLowerCase();
  return Object.keys(record).find((key) => key.toLowerCase() === lower);
}

/** The record's custom attributes (its `Attributes`, in any letter case), or [] when it has none. */
export function attributesOf(record: JsonObject): JsonObject[] {
  const name = propertyName(record, ATTRIBUTES);
  const list = name === undefined ? undefined : record[name];
  return Array.isArray(list) ? list.filter(isObject) : [];
}

function readAttribute(item: unknown, index: number): Read<AttributeChange> {
  const where = `Attributes item ${index + 1}`;
  if (!isObject(item))
    return { ok: false, message: `${where} is not an object such as {"ID": 1234, "Value": "…"}.` };
  const id = attributeId(item[propertyName(item, 'ID') ?? 'ID']);
  if (id === null) return { ok: false, message: `${where} needs its "ID", a whole number above 0.` };
  const valueName = propertyName(item, 'Value');
  if (valueName === undefined) return { ok: false, message: `${where} (ID ${id}) needs its "Value".` };
  const value = item[valueName];
  if (value === null) return { ok: true, value: { id, value: '' } };
  if (typeof value === 'string') return { ok: true, value: { id, value } };
  if (typeof value === 'number' && Number.isFinite(value))
    return { ok: true, value: { id, value: String(value) } };
  return {
    ok: false,
    message: `${where} (ID ${id}): "Value" is text (a choice as its ID), a number or null.`,
  };
}

/**
 * The changes a body holds: a JSON object of the fields to change, custom attributes as
 * `"Attributes": [{"ID": 1234, "Value": "…"}]`. Names in any letter case, as the Web API reads them; a field or an
 * attribute named twice is refused, since which one wins would be a guess.
 */
export function readChanges(text: string): Read<Changes> {
  if (text.trim() === '')
    return {
      ok: false,
      message: 'Write the changes in the body: a JSON object of only the fields to change.',
    };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The body is not JSON.' };
  }
  if (!isObject(body))
    return {
      ok: false,
      message: 'The changes are a JSON object of the fields to change, such as {"Title": "…"}.',
    };
  const fields: [string, unknown][] = [];
  const attributes: AttributeChange[] = [];
  const seen = new Set<string>();
  for (const [name, value] of Object.entries(body)) {
    if (seen.has(name.toLowerCase())) return { ok: false, message: `The changes name "${name}" twice.` };
    seen.add(name.toLowerCase());
    if (name.toLowerCase() !== ATTRIBUTES.toLowerCase()) {
      fields.push([name, value]);
      continue;
    }
    if (!Array.isArray(value))
      return { ok: false, message: 'Attributes is a list of changes, such as [{"ID": 1234, "Value": "…"}].' };
    for (const [index, item] of value.entries()) {
      const read = readAttribute(item, index);
      if (!read.ok) return read;
      if (attributes.some((attribute) => attribute.id === read.value.id))
        return { ok: false, message: `The changes name custom attribute ${read.value.id} twice.` };
      attributes.push(read.value);
    }
  }
  return { ok: true, value: { fields, attributes } };
}

/** A record as a GET answered it: a JSON object, whose custom attributes, if it has any, are a list. */
export function readRecord(data: unknown): Read<JsonObject> {
  if (!isObject(data)) return { ok: false, message: 'The GET did not answer a record (a JSON object).' };
  const name = propertyName(data, ATTRIBUTES);
  if (name !== undefined && data[name] !== null && !Array.isArray(data[name]))
    return { ok: false, message: `The record's ${name} is not a list.` };
  return { ok: true, value: data };
}

/**
 * Why the changes cannot be made to this record, or null: a field it does not have (a misspelt name would
 * otherwise change nothing on a whole-record edit, and a JSON Patch cannot add one), or custom attributes on a
 * record that has none.
 */
export function changesMisfit(record: JsonObject, changes: Changes): string | null {
  const missing = changes.fields.filter(([name]) => propertyName(record, name) === undefined);
  if (missing.length > 0)
    return `The record has no field ${missing.map(([name]) => `"${name}"`).join(', ')}: check the spelling.`;
  if (changes.attributes.length > 0 && propertyName(record, ATTRIBUTES) === undefined)
    return 'The record has no custom attributes (no Attributes field).';
  return null;
}
