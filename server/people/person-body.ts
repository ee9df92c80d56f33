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

/** Validates a folded `POST /api/people` body; properties it does not know are ignored, as the real API does. */
export function parseNewPerson(body: Map<string, unknown>): NewPerson {
  const typeId = body.get('typeid') ?? 1;
  if (typeId !== 1 && typeId !== 2) {
    throw new ApiError(400, 'bad_request', 'TypeID must be 1 (User) or 2 (Customer).');
  }
  const isActive = body.get('isactive') ?? true;
  if (typeof isActive !== 'boolean')
    throw new ApiError(400, 'bad_request', 'IsActive must be true or false.');
  const primaryEmail = email(body, 'PrimaryEmail', true);
  const userName = text(body, 'UserName', 256, false, 'identifier') || primaryEmail;
  return {
    UserName: userName,
    FirstName: text(body, 'FirstName', 100, true),
    LastName: text(body, 'LastName', 100, true),
    PrimaryEmail: primaryEmail,
    TypeID: typeId,
    IsActive: isActive,
    Company: text(body, 'Company', 200, false),
    Title: text(body, 'Title', 200, false),
    AlertEmail: email(body, 'AlertEmail', false) || primaryEmail,
    AlternateEmail: email(body, 'AlternateEmail', false),
    WorkPhone: text(body, 'WorkPhone', 50, false),
    MobilePhone: text(body, 'MobilePhone', 50, false),
    HomePhone: text(body, 'HomePhone', 50, false),
    ExternalID: text(body, 'ExternalID', 100, false, 'identifier'),
    AlternateID: text(body, 'AlternateID', 100, false, 'identifier'),
  };
}
