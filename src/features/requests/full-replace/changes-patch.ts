import {
  attributePointer,
  propertyPointer,
  type JsonObject,
  type PatchOperation,
} from '@contract/web-api/json-patch';
import { propertyName, type Changes } from './changes';

/**
 * The same changes as a JSON Patch for the record's PATCH, as the Web API reads one: `add` sets a field (named as
 * the record spells it) or a custom attribute by ID; an attribute changed to '' is cleared with `remove`.
 */
export function changesPatch(record: JsonObject, changes: Changes): PatchOperation[] {
  return [
    ...changes.fields.map(([name, value]): PatchOperation => ({
      op: 'add',
      path: propertyPointer(propertyName(record, name) ?? name),
      value,
    })),
    ...changes.attributes.map(({ id, value }): PatchOperation =>
      value === ''
        ? { op: 'remove', path: attributePointer(id) }
        : { op: 'add', path: attributePointer(id), value },
    ),
  ];
}
