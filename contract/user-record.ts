import type { UserRecord } from './wire.ts';

/** How the real service writes a date that is not set. */
export const UNSET_DATE = '0001-01-01T00:00:00Z';

const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';

/** The fields every record is given: they have no unset value. */
type Given = 'UID' | 'ReferenceID' | 'BEID' | 'BEIDInt' | 'UserName' | 'TypeID';

export type UserRecordFields = Partial<UserRecord> & Pick<UserRecord, Given>;

type UnsetFields = { [K in keyof UserRecord]: K extends Given ? null : UserRecord[K] };

/**
 * What the real service writes for each field that is not set (empty strings for text, the unset date for dates),
 * in the order it writes them. Made afresh for each record, so that no two records share a list.
 */
const unsetFields = (): UnsetFields => ({
  UID: null,
  ReferenceID: null,
  BEID: null,
  BEIDInt: null,
  IsActive: true,
  IsConfidential: false,
  UserName: null,
  FullName: '',
  FirstName: '',
  LastName: '',
  MiddleName: '',
  Salutation: '',
  Nickname: '',
  DefaultAccountID: 0,
  DefaultAccountName: '',
  PrimaryEmail: '',
  AlternateEmail: '',
  ExternalID: '',
  AlternateID: '',
  Applications: [],
  SecurityRoleName: '',
  SecurityRoleID: EMPTY_GUID,
  Permissions: [],
  OrgApplications: [],
  PrimaryClientPortalApplicationID: null,
  GroupIDs: [],
  AlertEmail: '',
  ProfileImageFileName: '',
  Company: '',
  Title: '',
  HomePhone: '',
  PrimaryPhone: '',
  WorkPhone: '',
  Pager: '',
  OtherPhone: '',
  MobilePhone: '',
  Fax: '',
  DefaultPriorityID: 0,
  DefaultPriorityName: '',
  AboutMe: '',
  WorkAddress: '',
  WorkCity: '',
  WorkState: '',
  WorkZip: '',
  WorkCountry: '',
  HomeAddress: '',
  HomeCity: '',
  HomeState: '',
  HomeZip: '',
  HomeCountry: '',
  LocationID: 0,
  LocationName: '',
  LocationRoomID: 0,
  LocationRoomName: '',
  DefaultRate: 0,
  CostRate: 0,
  IsEmployee: false,
  WorkableHours: 0,
  IsCapacityManaged: false,
  ReportTimeAfterDate: UNSET_DATE,
  EndDate: UNSET_DATE,
  ShouldReportTime: false,
  ReportsToUID: '',
  ReportsToFullName: '',
  ResourcePoolID: 0,
  ResourcePoolName: '',
  TZID: 0,
  TZName: '',
  TypeID: null,
  AuthenticationUserName: '',
  AuthenticationProviderID: null,
  Attributes: [],
  IMProvider: '',
  IMHandle: '',
  TechnicianSignature: '',
  ApplyTechnicianSignatureToUpdatesAndComments: false,
  ApplyTechnicianSignatureToReplies: false,
});

/** A complete User record: every field present and typed as the real service types it. */
export function buildUserRecord(fields: UserRecordFields): UserRecord {
  const fullName = [fields.FirstName, fields.LastName].filter(Boolean).join(' ');
  const derived: Partial<UserRecord> = { FullName: fullName, AlertEmail: fields.PrimaryEmail };
  const record: Record<string, unknown> = unsetFields();
  for (const [key, unset] of Object.entries(record) as [keyof UserRecord, unknown][]) {
    record[key] = fields[key] ?? derived[key] ?? unset;
  }
  return record as unknown as UserRecord;
}
