import { foldEntries } from '../http/body.ts';
import { ApiError } from '../http/errors.ts';

/** The fields `POST /api/people` takes (the emulator's own choice of required fields and limits). */
export interface NewPerson {
  UserName: string;
  FirstName: string;
  LastName: string;
  PrimaryEmail: string;
  TypeID: 1 | 2;
  IsActive: boolean;
  Company: string;
  Title: string;
  AlertEmail: string;
  AlternateEmail: string;
  WorkPhone: string;
  MobilePhone: string;
  HomePhone: string;
  ExternalID: string;
  AlternateID: string;
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/;
/** Refused in every text field: C0 and C1 controls (NEL included), line and paragraph separators, bidi controls. */
const CONTROL = /[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/** Refused in identifiers too: anything invisible (format characters, default-ignorables such as U+200B). */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

/**
 * Free text is kept in NFC; identifiers (user names, e-mail addresses, external ids) in NFKC, so fullwidth or
 * other compatibility spellings of a name are stored as the name itself.
 */
type Kind = 'text' | 'identifier';

function text(
  body: Map<string, unknown>,
  name: string,
  max: number,
  required: boolean,
  kind: Kind = 'text',
): string {
  const value = body.get(name.toLowerCase());
  if (value === undefined || value === null) {
    if (required) throw new ApiError(400, 'bad_request', `${name} is required.`);
    return '';
  }
  if (typeof value !== 'string') throw new ApiError(400, 'bad_request', `${name} must be a string.`);
  if (CONTROL.test(value)) {
    throw new ApiError(
      400,
      'bad_request',
      `${name} must not contain control characters, line separators or bidirectional formatting characters.`,
    );
  }
  if (kind === 'identifier' && INVISIBLE.test(value)) {
    throw new ApiError(400, 'bad_request', `${name} must not contain invisible or formatting characters.`);
  }
  const normalized = value.trim().normalize(kind === 'identifier' ? 'NFKC' : 'NFC');
  if (required && normalized === '') throw new ApiError(400, 'bad_request', `${name} must not be empty.`);
  if (normalized.length > max)
    throw new ApiError(400, 'bad_request', `${name} must be at most ${max} characters.`);
  return normalized;
}

function email(body: Map<string, unknown>, name: string, required: boolean): string {
  const value = text(body, name, 254, required, 'identifier');
  if (value !== '' && !EMAIL.test(value))
    throw new ApiError(400, 'bad_request', `${name} must be an e-mail address.`);
  return value;
}

/** A custom attribute as the emulator keeps it on a person: its ID and its value as text (its name unknown). */
interface PersonAttribute {
  ID: number;
  Name: string;
  Value: string;
  ValueText: string;
}

/** What a whole-record edit (`POST /api/people/{uid}`) takes: the fields of a new person and the custom attributes. */
export interface PersonEdit extends NewPerson {
  Attributes: PersonAttribute[];
}

/** At most this many custom attributes on a person (the emulator's own bound). */
const MAX_PERSON_ATTRIBUTES = 100;

/**
 * Created (`create`), a field left out takes its default; replaced whole (`replace`), it is cleared, as the real
 * service clears what an edit's body leaves out: text to '', `IsActive` to false. A replace needs what cannot be
 * cleared: `UserName` and `TypeID`, besides the names and e-mail a person needs anyway.
 */
function personFields(body: Map<string, unknown>, mode: 'create' | 'replace'): NewPerson {
  const creating = mode === 'create';
  const typeId = body.get('typeid') ?? (creating ? 1 : undefined);
  if (typeId !== 1 && typeId !== 2) {
    throw new ApiError(400, 'bad_request', 'TypeID must be 1 (User) or 2 (Customer).');
  }
  const isActive = body.get('isactive') ?? creating;
  if (typeof isActive !== 'boolean')
    throw new ApiError(400, 'bad_request', 'IsActive must be true or false.');
  const primaryEmail = email(body, 'PrimaryEmail', true);
  const userName = text(body, 'UserName', 256, !creating, 'identifier') || primaryEmail;
  return {
    UserName: userName,
    FirstName: text(body, 'FirstName', 100, true),
    LastName: text(body, 'LastName', 100, true),
    PrimaryEmail: primaryEmail,
    TypeID: typeId,
    IsActive: isActive,
    Company: text(body, 'Company', 200, false),
    Title: text(body, 'Title', 200, false),
    AlertEmail: email(body, 'AlertEmail', false) || (creating ? primaryEmail : ''),
    AlternateEmail: email(body, 'AlternateEmail', false),
    WorkPhone: text(body, 'WorkPhone', 50, false),
    MobilePhone: text(body, 'MobilePhone', 50, false),
    HomePhone: text(body, 'HomePhone', 50, false),
    ExternalID: text(body, 'ExternalID', 100, false, 'identifier'),
    AlternateID: text(body, 'AlternateID', 100, false, 'identifier'),
  };
}

/** Validates a folded `POST /api/people` body; properties it does not know are ignored, as the real API does. */
export function parseNewPerson(body: Map<string, unknown>): NewPerson {
  return personFields(body, 'create');
}

function attribute(item: unknown, index: number): PersonAttribute {
  const where = `Attributes item ${index + 1}`;
  if (typeof item !== 'object' || item === null || Array.isArray(item))
    throw new ApiError(400, 'bad_request', `${where} must be an object with an ID and a Value.`);
  const fields = foldEntries(Object.entries(item));
  const id = fields.get('id');
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0)
    throw new ApiError(400, 'bad_request', `${where}: ID must be a whole number above 0.`);
  const value = text(fields, 'Value', 4000, false);
  return { ID: id, Name: '', Value: value, ValueText: value };
}

function attributes(body: Map<string, unknown>): PersonAttribute[] {
  const list = body.get('attributes') ?? [];
  if (!Array.isArray(list)) throw new ApiError(400, 'bad_request', 'Attributes must be a list.');
  if (list.length > MAX_PERSON_ATTRIBUTES)
    throw new ApiError(400, 'bad_request', `Attributes holds at most ${MAX_PERSON_ATTRIBUTES} items.`);
  const read = list.map(attribute);
  const twice = read.find((each, i) => read.findIndex((other) => other.ID === each.ID) !== i);
  if (twice) throw new ApiError(400, 'bad_request', `Attributes names custom attribute ${twice.ID} twice.`);
  // A value cleared is no value: the attribute is left out, as the real service answers an attribute with none.
  return read.filter((each) => each.Value !== '');
}

/**
 * Validates a folded `POST /api/people/{uid}` body, the whole record: every field it takes that the body leaves
 * out is cleared. Fields it does not take (the UID, the applications, FullName, which follows the names) are
 * ignored, as the real API ignores what an edit cannot change.
 */
export function parsePersonEdit(body: Map<string, unknown>): PersonEdit {
  return { ...personFields(body, 'replace'), Attributes: attributes(body) };
}
