import { KNOWN_APPLICATIONS } from '../store/applications.ts';
import { USER_FIELD_DESCRIPTIONS } from './field-descriptions.ts';
import {
  ADMIN_EXTRAS,
  APPLICATION_FIELDS,
  CLAIM_DIGITS,
  DERIVED,
  EXTRA_FIELDS,
  IDENTITY_FIELDS,
  IDENTITY_REQUIRED,
  NULLABLE,
  OPTIONAL_ORGANIZATION_FIELDS,
  ORGANIZATION_FIELDS,
  REQUIRED_APPLICATION_KEYS,
  SAMPLE,
  SYSTEM_CLASS,
  TOKEN_CLAIM_KEYS,
  USER_EXTRAS,
} from './realm.ts';

const GUID = {
  type: 'string',
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
};
const NOT_BLANK = { type: 'string', pattern: '\\S' };
const STRINGS = { type: 'array', items: { type: 'string' } };
/** Any system class is taken; an editor offers the ones the emulator knows by name. */
const SYSTEM_CLASSES = {
  type: 'array',
  items: { type: 'string', pattern: SYSTEM_CLASS.source, examples: KNOWN_APPLICATIONS },
};

function fieldSchema(key: string, sample: unknown): object {
  if (key === 'UID') return GUID;
  if (key === 'UserName') return NOT_BLANK;
  if (key === 'Applications') return SYSTEM_CLASSES;
  if (key === 'Attributes') return { type: 'array', items: { type: 'object' } };
  if (key === 'GroupIDs') return { type: 'array', items: { type: 'integer' } };
  if (NULLABLE.has(key)) return { type: ['number', 'null'] };
  if (Array.isArray(sample)) return STRINGS;
  return { type: typeof sample };
}

function extraSchema(key: string): object {
  if (key === 'WebServicesKey') return GUID;
  if (key === 'AdministeredApplications') return SYSTEM_CLASSES;
  return EXTRA_FIELDS[key]?.kind === 'string[]' ? STRINGS : { type: EXTRA_FIELDS[key]?.kind };
}

/** Each property of `descriptions`, its schema from `schemas` with its description first (an editor's hover). */
function described(
  descriptions: Record<string, string>,
  schemas: Record<string, object>,
): Record<string, object> {
  return Object.fromEntries(
    Object.entries(descriptions).map(([key, description]) => [key, { description, ...schemas[key] }]),
  );
}

function userSchema(description: string, extras: ReadonlySet<string>, required: string[]): object {
  const properties: Record<string, object> = {};
  for (const [key, sample] of Object.entries(SAMPLE)) {
    if (DERIVED.has(key)) continue;
    const described = USER_FIELD_DESCRIPTIONS[key as keyof typeof USER_FIELD_DESCRIPTIONS];
    properties[key] = { description: described, ...fieldSchema(key, sample) };
  }
  for (const key of extras) {
    properties[key] = { description: EXTRA_FIELDS[key]?.description, ...extraSchema(key) };
  }
  return { description, type: 'object', required, properties, additionalProperties: false };
}

const APPLICATION_PROPERTIES: Record<string, object> = {
  ID: { type: 'integer', minimum: 1 },
  Name: NOT_BLANK,
  SystemClass: SYSTEM_CLASSES.items,
  Description: { type: 'string' },
};

const ORGANIZATION_SCHEMAS: Record<string, object> = {
  Name: NOT_BLANK,
  BEID: GUID,
  BEIDInt: { type: 'integer', minimum: 1 },
  OrgApplications: {
    type: 'array',
    items: {
      description: 'An application of the organization.',
      type: 'object',
      required: REQUIRED_APPLICATION_KEYS,
      additionalProperties: false,
      properties: described(APPLICATION_FIELDS, APPLICATION_PROPERTIES),
    },
  },
  ...Object.fromEntries(TOKEN_CLAIM_KEYS.map((key) => [key, { type: 'string', pattern: CLAIM_DIGITS }])),
  AdminAccount: userSchema(ORGANIZATION_FIELDS.AdminAccount!, ADMIN_EXTRAS, [
    'UserName',
    'WebServicesKey',
    'Active',
  ]),
  Users: {
    type: 'array',
    items: userSchema('A user of the organization.', USER_EXTRAS, ['UserName']),
  },
};

/**
 * The JSON Schema of realm files (server/realm/realm.schema.json), made from the importer's own tables so that the
 * two never disagree, each property with the description an editor shows on hover; a test keeps the file equal
 * to this.
 */
export function realmSchema(): object {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Auth Console emulator realm',
    description:
      'Organizations, each with its admin service account and its users, and the identities of the embedded ' +
      'single sign-on provider. User entries take any User-record field by its wire name except the derived ones ' +
      '(BEID, BEIDInt, ReferenceID, IsActive, OrgApplications), plus Password (or PasswordHash), Active and ' +
      'AdministeredApplications. An organization may name its own OrgApplications (ID, Name, SystemClass, ' +
      'Description); a user sees those of the system classes its Applications names, and the emulator’s default ' +
      'for a class the organization names none of. Beyond the schema, the importer refuses a BEID, UserName, ' +
      'identity or application ID given twice.',
    type: 'object',
    required: ['organizations'],
    additionalProperties: false,
    properties: {
      $schema: {
        description: 'Where an editor finds this schema, relative to the realm file.',
        type: 'string',
      },
      organizations: {
        description: 'The organizations (TeamDynamix tenants’ business entities) and their people.',
        type: 'array',
        items: {
          description: 'An organization.',
          type: 'object',
          required: Object.keys(ORGANIZATION_FIELDS),
          additionalProperties: false,
          properties: {
            ...described(ORGANIZATION_FIELDS, ORGANIZATION_SCHEMAS),
            ...described(OPTIONAL_ORGANIZATION_FIELDS, ORGANIZATION_SCHEMAS),
          },
        },
      },
      identities: {
        description:
          'The people the embedded identity provider (/idp) signs in, for single sign-on (loginsso): each ' +
          'signs in the realm user whose UserName or PrimaryEmail is its Email. None: no one signs in there.',
        type: 'array',
        items: {
          description: 'An identity at the embedded identity provider.',
          type: 'object',
          required: IDENTITY_REQUIRED,
          additionalProperties: false,
          properties: Object.fromEntries(
            Object.entries(IDENTITY_FIELDS).map(([key, description]) => [
              key,
              { description, ...(key === 'Name' ? { type: 'string' } : NOT_BLANK) },
            ]),
          ),
        },
      },
    },
  };
}
