import { describe, expect, it } from 'vitest';
import { applyPatch, type JsonObject } from '@contract/web-api/json-patch';
import { readChanges } from './changes';
import { changesPatch } from './changes-patch';
import { planEdit, type EditPlan } from './plan-edit';
import { recordDiff } from './record-diff';
import { wholeRecord } from './whole-record';

// A ticket as its GET answers it (trimmed): the whole-record edit must send all of it back.
const TICKET: JsonObject = {
  ID: 7,
  Title: 'Printer jam',
  Description: 'Third floor',
  StatusID: 3,
  Attributes: [
    { ID: 5678, Name: 'Building', Value: 'Library', ValueText: 'Library' },
    { ID: 91, Name: 'Room', Value: '204', ValueText: '204' },
  ],
};

function plan(loaded: unknown, changes: unknown): EditPlan {
  const result = planEdit(loaded, typeof changes === 'string' ? changes : JSON.stringify(changes));
  if (!result.ok) throw new Error(result.message);
  return result.plan;
}

function refusal(loaded: unknown, changes: string): string {
  const result = planEdit(loaded, changes);
  if (result.ok) throw new Error('planned');
  return result.message;
}

describe('load, change, send: the whole record from the loaded one and the changes', () => {
  it('changes the fields named (in the record’s spelling) and keeps every other field and attribute', () => {
    const { after, diff } = plan(TICKET, { title: 'Paper jam', Attributes: [{ ID: 91, Value: 305 }] });
    expect(after).toEqual({
      ...TICKET,
      Title: 'Paper jam',
      Attributes: [
        { ID: 5678, Name: 'Building', Value: 'Library', ValueText: 'Library' },
        { ID: 91, Name: 'Room', Value: '305', ValueText: '204' },
      ],
    });
    expect(diff).toEqual([
      { where: 'Title', kind: 'changed', before: 'Printer jam', after: 'Paper jam' },
      { where: 'Attributes 91 Value', kind: 'changed', before: '204', after: '305' },
    ]);
    expect(TICKET.Title).toBe('Printer jam');
  });

  it('adds an attribute the record has no value for, and clears one changed to null or ""', () => {
    const { after, diff } = plan(TICKET, {
      Attributes: [
        { id: '1234', value: 'New' },
        { ID: 5678, Value: null },
      ],
    });
    expect(after.Attributes).toEqual([
      { ID: 91, Name: 'Room', Value: '204', ValueText: '204' },
      { ID: 1234, Value: 'New' },
    ]);
    expect(diff.map(({ where, kind }) => `${kind} ${where}`)).toEqual([
      'removed Attributes 5678',
      'added Attributes 1234',
    ]);
  });

  it('builds the same changes as a JSON Patch, which the Web API’s reading applies to the same record', () => {
    const changes = {
      Title: 'Paper jam',
      Attributes: [
        { ID: 91, Value: '305' },
        { ID: 5678, Value: '' },
      ],
    };
    const { after, patch } = plan(TICKET, changes);
    expect(patch).toEqual([
      { op: 'add', path: '/Title', value: 'Paper jam' },
      { op: 'add', path: '/attributes/91', value: '305' },
      { op: 'remove', path: '/attributes/5678' },
    ]);
    const applied = applyPatch(TICKET, patch, () => '');
    expect(applied).toEqual({ ok: true, value: after });
  });

  it('writes a pointer with RFC 6901 escapes for a field whose name has a slash', () => {
    const read = readChanges('{"a/b": 1}');
    if (!read.ok) throw new Error(read.message);
    expect(changesPatch({ 'a/b': 0 }, read.value)).toEqual([{ op: 'add', path: '/a~1b', value: 1 }]);
    expect(wholeRecord({ 'a/b': 0 }, read.value)).toEqual({ 'a/b': 1 });
  });

  it('shows no difference when the changes are what the record holds', () => {
    expect(plan(TICKET, { Title: 'Printer jam' }).diff).toEqual([]);
  });

  it.each([
    ['', /Write the changes/],
    ['{"Title": ', /not JSON/],
    ['[]', /JSON object/],
    ['{"Title": "a", "TITLE": "b"}', /twice/],
    ['{"Attributes": {"ID": 1}}', /list of changes/],
    ['{"Attributes": [{"Value": "x"}]}', /needs its "ID"/],
    ['{"Attributes": [{"ID": 1}]}', /needs its "Value"/],
    ['{"Attributes": [{"ID": 1, "Value": {"a": 1}}]}', /"Value" is text/],
    ['{"Attributes": [{"ID": 1, "Value": "a"}, {"id": 1, "value": "b"}]}', /attribute 1 twice/],
    ['{"Titel": "typo"}', /no field "Titel"/],
  ])('refuses the changes %j with a reason', (changes, message) => {
    expect(refusal(TICKET, changes)).toMatch(message);
  });

  it('refuses a loaded answer that is no record, and attributes for a record without them', () => {
    expect(refusal([TICKET], '{"Title": "x"}')).toMatch(/did not answer a record/);
    expect(refusal({ ...TICKET, Attributes: 'x' }, '{"Title": "x"}')).toMatch(/not a list/);
    expect(refusal({ ID: 1 }, '{"Attributes": [{"ID": 1, "Value": "x"}]}')).toMatch(/no custom attributes/);
  });

  it('names an attribute without an ID by its position in the difference', () => {
    expect(recordDiff({ Attributes: [{ Value: 'a' }] }, { Attributes: [{ Value: 'b' }] })).toEqual([
      { where: 'Attributes #1 Value', kind: 'changed', before: 'a', after: 'b' },
    ]);
  });
});
