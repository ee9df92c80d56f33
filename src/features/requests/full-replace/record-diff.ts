import diff from 'microdiff';
import { attributeId, type JsonObject } from '@contract/web-api/json-patch';
import { attributesOf, propertyName } from './changes';

/** One difference between a record before and after: where, and its value before and after (absent: none). */
export interface DiffLine {
  /** `Title`, or a custom attribute's member: `Attributes 1234 Value`; deeper parts joined by spaces. */
  where: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

/** The record with its custom attributes keyed by ID, so that a difference names an attribute, not a position. */
function byAttributeId(record: JsonObject): JsonObject {
  const name = propertyName(record, 'Attributes');
  if (name === undefined || !Array.isArray(record[name])) return record;
  const keyed = Object.fromEntries(
    attributesOf(record).map((attribute, index) => [
      String(attributeId(attribute[propertyName(attribute, 'ID') ?? 'ID']) ?? `#${index + 1}`),
      attribute,
    ]),
  );
  return { ...record, [name]: keyed };
}

const KIND = { CREATE: 'added', REMOVE: 'removed', CHANGE: 'changed' } as const;

/** What sending `after` in place of `before` changes, field by field (custom attributes by ID). */
export function recordDiff(before: JsonObject, after: JsonObject): DiffLine[] {
  return diff(byAttributeId(before), byAttributeId(after)).map((change) => ({
    where: change.path.join(' '),
    kind: KIND[change.type],
    ...(change.type === 'CREATE' ? {} : { before: change.oldValue as unknown }),
    ...(change.type === 'REMOVE' ? {} : { after: change.value as unknown }),
  }));
}
