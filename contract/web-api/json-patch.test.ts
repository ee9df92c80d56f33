import { describe, expect, it } from 'vitest';
import {
  applyPatch,
  attributeId,
  attributePointer,
  MAX_PATCH_OPERATIONS,
  propertyPointer,
  readPatch,
  type JsonObject,
  type PatchOperation,
} from './json-patch.ts';

// The example of the Web API's help page "Using HTTP PATCH" (…/TDWebApi/Home/AboutPatching): it sets the title,
// the account and custom attribute 1234, and clears custom attribute 5678.
const HELP_EXAMPLE = [
  { op: 'add', path: '/title', value: 'Updated Title' },
  { op: 'add', path: '/accountid', value: 47 },
  { op: 'add', path: '/attributes/1234', value: 'New Attribute Value' },
  { op: 'remove', path: '/attributes/5678' },
];

const TICKET: JsonObject = {
  ID: 7,
  Title: 'Printer jam',
  AccountID: 3,
  Description: 'Third floor',
  Attributes: [
    { ID: 5678, Name: 'Building', Value: 'Library', ValueText: 'Library' },
    { ID: 91, Name: 'Room', Value: '204', ValueText: '204' },
  ],
};

const EMPTY: Record<string, unknown> = { Title: '', AccountID: 0, Description: '', ID: 0 };
const cleared = (name: string) => EMPTY[name] ?? null;

function applied(record: JsonObject, body: unknown): JsonObject {
  const read = readPatch(body);
  if (!read.ok) throw new Error(read.message);
  const result = applyPatch(record, read.value, cleared);
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

function refusal(record: JsonObject, body: unknown): string {
  const read = readPatch(body);
  if (!read.ok) return read.message;
  const result = applyPatch(record, read.value, cleared);
  if (result.ok) throw new Error('applied');
  return result.message;
}

describe('a JSON Patch as the Web API reads it', () => {
  it('applies the help page’s example: names in any letter case, attributes by ID, remove clears', () => {
    expect(applied(TICKET, HELP_EXAMPLE)).toEqual({
      ID: 7,
      Title: 'Updated Title',
      AccountID: 47,
      Description: 'Third floor',
      Attributes: [
        { ID: 91, Name: 'Room', Value: '204', ValueText: '204' },
        { ID: 1234, Value: 'New Attribute Value' },
      ],
    });
  });

  it('sets an attribute the record has in place, keeping its other members, and never changes the record given', () => {
    const before = structuredClone(TICKET);
    const after = applied(TICKET, [{ OP: 'replace', Path: '/Attributes/91', VALUE: 305 }]);
    expect(after.Attributes).toEqual([
      { ID: 5678, Name: 'Building', Value: 'Library', ValueText: 'Library' },
      { ID: 91, Name: 'Room', Value: '305', ValueText: '204' },
    ]);
    expect(TICKET).toEqual(before);
  });

  it('clears a property with remove (to its empty value), copies and moves between properties and attributes', () => {
    expect(applied(TICKET, [{ op: 'remove', path: '/description' }]).Description).toBe('');
    const moved = applied(TICKET, [
      { op: 'copy', from: '/Title', path: '/attributes/91' },
      { op: 'move', from: '/attributes/5678', path: '/Description' },
    ]);
    expect(moved).toMatchObject({ Title: 'Printer jam', Description: 'Library' });
    expect(moved.Attributes).toEqual([{ ID: 91, Name: 'Room', Value: 'Printer jam', ValueText: '204' }]);
  });

  it.each([
    [{}, /array of operations/],
    [[1], /Operation 1 is not an object/],
    [[{ op: 'test', path: '/Title', value: 'x' }], /test operation is not supported/],
    [[{ op: 'merge', path: '/Title' }], /"op" must be one of/],
    [[{ op: 'add', value: 'x' }], /"path" must be a JSON Pointer/],
    [[{ op: 'add', path: '/Title' }], /add needs a "value"/],
    [[{ op: 'copy', path: '/Title' }], /copy needs a "from"/],
  ])('refuses the document %j', (body, message) => {
    expect(refusal(TICKET, body)).toMatch(message);
  });

  it.each([
    ['Title', 'no leading slash'],
    ['/NewField', 'a property the record lacks (a patch cannot add properties)'],
    ['/__proto__', 'a property the record lacks, named __proto__'],
    ['/Attributes', 'the whole attribute list'],
    ['/attributes/-', 'the end of the attribute list'],
    ['/attributes/0', 'an attribute by position'],
    ['/attributes/12/Value', 'a member of an attribute'],
    ['/Title/0', 'inside a property'],
    ['/', 'the empty name'],
  ])('refuses the path %j (%s), naming the operation, and applies nothing', (path) => {
    const message = refusal(TICKET, [
      { op: 'add', path: '/Title', value: 'first' },
      { op: 'add', path, value: 'x' },
    ]);
    expect(message).toMatch(/^Operation 2: /);
  });

  it('refuses an attribute value that is not text, and copying an attribute with no value', () => {
    expect(refusal(TICKET, [{ op: 'add', path: '/attributes/1', value: { a: 1 } }])).toMatch(/as text/);
    expect(refusal(TICKET, [{ op: 'copy', from: '/attributes/1', path: '/Title' }])).toMatch(/no value/);
  });

  it('refuses more operations than it takes', () => {
    const many = Array.from({ length: MAX_PATCH_OPERATIONS + 1 }, () => HELP_EXAMPLE[0]);
    expect(refusal(TICKET, many)).toMatch(/at most/);
  });

  it('keeps a property named __proto__ as a property, never as the prototype', () => {
    const record = JSON.parse('{"__proto__": {"polluted": true}, "Title": "t"}') as JsonObject;
    const after = applied(record, [{ op: 'add', path: '/__proto__', value: { polluted: 'yes' } }]);
    expect(Object.getPrototypeOf(after)).toBe(Object.prototype);
    expect(Object.hasOwn(after, '__proto__')).toBe(true);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('writes pointers as RFC 6901 escapes them, and reads attribute IDs as the Web API takes them', () => {
    expect(propertyPointer('a/b~c')).toBe('/a~1b~0c');
    expect(applied({ 'a/b~c': 1 }, [{ op: 'add', path: propertyPointer('a/b~c'), value: 2 }])).toEqual({
      'a/b~c': 2,
    });
    expect(attributePointer(1234)).toBe('/attributes/1234');
    expect([12, '12', 0, -1, 1.5, '1e3', '', null].map(attributeId)).toEqual([
      12,
      12,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('types what it reads', () => {
    const read = readPatch([{ op: 'move', from: '/a', path: '/b', extra: 1 }]);
    expect(read).toEqual({ ok: true, value: [{ op: 'move', from: '/a', path: '/b' }] as PatchOperation[] });
  });
});
