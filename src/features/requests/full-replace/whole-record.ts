import { ATTRIBUTES, attributeId, type JsonObject } from '@contract/web-api/json-patch';
import { attributesOf, propertyName, type Changes } from './changes';

/**
 * The whole record to send: `record` (as its GET answered it) with the changes made, each field under the
 * record's own spelling of its name, and each custom attribute changed by ID in the record's own list, the others
 * kept. An attribute changed to '' is left out of the list, which is how a whole-record edit clears it. The
 * record given is not changed. Check `changesMisfit` first: a field the record lacks would be added as written.
 */
export function wholeRecord(record: JsonObject, changes: Changes): JsonObject {
  const after: JsonObject = structuredClone(record);
  for (const [name, value] of changes.fields) after[propertyName(record, name) ?? name] = value;
  if (changes.attributes.length === 0) return after;
  const list = attributesOf(record).map((attribute) => ({ ...attribute }));
  for (const { id, value } of changes.attributes) {
    const at = list.findIndex(
      (attribute) => attributeId(attribute[propertyName(attribute, 'ID') ?? 'ID']) === id,
    );
    if (at >= 0) list[at] = { ...list[at], [propertyName(list[at]!, 'Value') ?? 'Value']: value };
    else list.push({ ID: id, Value: value });
  }
  after[propertyName(record, ATTRIBUTES) ?? ATTRIBUTES] = list.filter(
    (attribute) => attribute[propertyName(attribute, 'Value') ?? 'Value'] !== '',
  );
  return after;
}
