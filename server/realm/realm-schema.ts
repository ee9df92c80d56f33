import { KNOWN_APPLICATIONS } from '../store/applications.ts';
import {
  ADMIN_EXTRAS,
  APPLICATION_KEYS,
  CLAIM_DIGITS,
  DERIVED,
  EXTRA_FIELDS,
  NULLABLE,
  ORGANIZATION_KEYS,
  REQUIRED_APPLICATION_KEYS,
  SAMPLE,
  TOKEN_CLAIM_KEYS,
  USER_EXTRAS,
} from './realm.ts';

const GUID = {
  type: 'string',
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
};
const NOT_BLANK = { type: 'string', pattern: '\\S' };
const STRINGS = { type: 'array', items: { type: 'string' } };

function fieldSchema(key: string, sample: unknown): object {
  if (key === 'UID') return GUID;
  if (key === 'UserName') return NOT_BLANK;
  if (key === 'Applications') return { type: 'array', items: { enum: KNOWN_APPLICATIONS } };
  if (key === 'Attributes') return { type: 'array', items: { type: 'object' } };
  if (key === 'GroupIDs') return { type: 'array', items: { type: 'integer' } };
  if (NULLABLE.has(key)) return { type: ['number', 'null'] };
  if (Array.isArray(sample)) return STRINGS;
  return { type: typeof sample };
}

function extraSchema(key: string): object {
  if (key === 'WebServicesKey') return GUID;
  if (key === 'PasswordHash') {
    return {
      type: 'string',
      description: 'A hash this emulator made (npm run realm:import checks it further).',
    };
  }
  return EXTRA_FIELDS[key] === 'string[]' ? STRINGS : { type: EXTRA_FIELDS[key] };
}

function userSchema(extras: ReadonlySet<string>, required: string[]): object {
  const properties: Record<string, object> = {};
  for (const [key, sample] of Object.entries(SAMPLE)) {
    if (!DERIVED.has(key)) properties[key] = fieldSchema(key, sample);
  }
  for (const key of extras) properties[key] = extraSchema(key);
  return { type: 'object', required, properties, additionalProperties: false };
}

const APPLICATION_PROPERTIES: Record<string, object> = {
  ID: { type: 'integer', minimum: 1 },
  Name: NOT_BLANK,
  SystemClass: { enum: KNOWN_APPLICATIONS },
  Description: { type: 'string' },
};

/** An entry of an organization's `OrgApplications`. */
function applicationSchema(): object {
  return {
    type: 'object',
    required: REQUIRED_APPLICATION_KEYS,
    additionalProperties: false,
    properties: Object.fromEntries(APPLICATION_KEYS.map((key) => [key, APPLICATION_PROPERTIES[key]!])),
  };
}

/**
 * The JSON Schema of realm files (server/realm/realm.schema.json), made from the importer's own tables so that the
 * two never disagree; a test keeps the file equal to this.
 */
export function realmSchema(): object {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Auth Console emulator realm',
    description:
      'Organizations, each with its admin service account and its users. User entries take any User-record field ' +
      'by its wire name except the derived ones (BEID, BEIDInt, ReferenceID, IsActive, OrgApplications), plus ' +
      'Password (or PasswordHash), Active and AdministeredApplications. An organization may name its own ' +
      'OrgApplications (ID, Name, SystemClass, Description); a user sees those of the system classes its ' +
      'Applications names, and the emulator’s default for a class the organization names none of. Beyond the ' +
      'schema, the importer refuses a BEID, UserName or application ID given twice.',
    type: 'object',
    required: ['organizations'],
    additionalProperties: false,
    properties: {
      $schema: { type: 'string' },
      organizations: {
        type: 'array',
        items: {
          type: 'object',
          required: ORGANIZATION_KEYS,
          additionalProperties: false,
          properties: {
            Name: NOT_BLANK,
            BEID: GUID,
            BEIDInt: { type: 'integer', minimum: 1 },
            OrgApplications: { type: 'array', items: applicationSchema() },
            ...Object.fromEntries(
              TOKEN_CLAIM_KEYS.map((key) => [key, { type: 'string', pattern: CLAIM_DIGITS }]),
            ),
            AdminAccount: userSchema(ADMIN_EXTRAS, ['UserName', 'WebServicesKey', 'Active']),
            Users: { type: 'array', items: userSchema(USER_EXTRAS, ['UserName']) },
          },
        },
      },
    },
  };
}
