import type { UserRecord } from '../../contract/wire.ts';

/**
 * What each field of a realm file means, for realm.schema.json's `description`s (an editor shows them on hover).
 * Keyed by every User-record field, so that a field added to the record cannot be left without one.
 */
export const USER_FIELD_DESCRIPTIONS: Record<keyof UserRecord, string> = {
  UID: 'The user’s GUID. Left out: one is made at import, and kept when the realm is imported again.',
  ReferenceID: 'The user’s integer ID (derived by the emulator).',
  BEID: 'The organization’s GUID (derived from the organization the user is listed under).',
  BEIDInt: 'The organization’s integer ID (derived from the organization the user is listed under).',
  IsActive: 'Whether the user is active (derived from Active).',
  IsConfidential: 'Whether the user is confidential.',
  UserName:
    'The user name to sign in with (auth, auth/login), matched ignoring letter case and surrounding spaces. ' +
    'Unique across the realm.',
  FullName: 'The full name; when left out, FirstName and LastName joined.',
  FirstName: 'The first name.',
  LastName: 'The last name.',
  MiddleName: 'The middle name.',
  Salutation: 'The salutation (Dr., Ms., …).',
  Nickname: 'The nickname.',
  DefaultAccountID: 'The ID of the user’s default account/department.',
  DefaultAccountName: 'The name of the user’s default account/department.',
  PrimaryEmail:
    'The primary e-mail address. Single sign-on matches an identity’s e-mail with it (or with UserName); no two ' +
    'users may share one under the identity rule.',
  AlternateEmail: 'The alternate e-mail address.',
  ExternalID: 'The organizational ID of the user (an employee or student number, say).',
  AlternateID: 'The alternate ID of the user.',
  Applications:
    'The system classes of the applications the user may use (TDPeople, TDTickets, TDProjects, …): the first is ' +
    'the default. People calls need TDPeople. Any name is taken; the five the emulator knows get their real ' +
    'names in OrgApplications.',
  SecurityRoleName: 'The name of the user’s security role.',
  SecurityRoleID: 'The GUID of the user’s security role.',
  Permissions: 'The permissions the user’s security role grants (e.g. People.View, Tickets.Edit).',
  OrgApplications:
    'The applications of the organization the user may use (derived from Applications and ' +
    'AdministeredApplications).',
  PrimaryClientPortalApplicationID: 'The ID of the user’s primary client portal application, or null.',
  GroupIDs: 'The IDs of the groups the user belongs to.',
  AlertEmail: 'The address notifications go to; PrimaryEmail when left out.',
  ProfileImageFileName: 'The file name of the user’s profile image.',
  Company: 'The company or institution.',
  Title: 'The job title.',
  HomePhone: 'The home phone number.',
  PrimaryPhone: 'Which phone is the primary one (e.g. "Work", "Mobile").',
  WorkPhone: 'The work phone number.',
  Pager: 'The pager number.',
  OtherPhone: 'Another phone number.',
  MobilePhone: 'The mobile phone number.',
  Fax: 'The fax number.',
  DefaultPriorityID: 'The ID of the user’s default ticket priority.',
  DefaultPriorityName: 'The name of the user’s default ticket priority.',
  AboutMe: 'What the user wrote about themselves.',
  WorkAddress: 'The work street address.',
  WorkCity: 'The work city.',
  WorkState: 'The work state or province.',
  WorkZip: 'The work postal code.',
  WorkCountry: 'The work country.',
  HomeAddress: 'The home street address.',
  HomeCity: 'The home city.',
  HomeState: 'The home state or province.',
  HomeZip: 'The home postal code.',
  HomeCountry: 'The home country.',
  LocationID: 'The ID of the user’s location.',
  LocationName: 'The name of the user’s location.',
  LocationRoomID: 'The ID of the user’s room at that location.',
  LocationRoomName: 'The name of the user’s room at that location.',
  DefaultRate: 'The user’s default billable rate.',
  CostRate: 'The user’s cost rate.',
  IsEmployee: 'Whether the user is an employee.',
  WorkableHours: 'The hours the user works in a day.',
  IsCapacityManaged: 'Whether the user’s capacity is managed.',
  ReportTimeAfterDate: 'The date from which the user reports time (ISO 8601); unset when left out.',
  EndDate: 'The date the user’s employment ends (ISO 8601); unset when left out.',
  ShouldReportTime: 'Whether the user should report time.',
  ReportsToUID: 'The UID of the user’s manager.',
  ReportsToFullName: 'The full name of the user’s manager.',
  ResourcePoolID: 'The ID of the user’s resource pool.',
  ResourcePoolName: 'The name of the user’s resource pool.',
  TZID: 'The ID of the user’s time zone.',
  TZName: 'The name of the user’s time zone.',
  TypeID:
    'The user type: 1 a user, 2 a customer, 9 a service account (an organization’s AdminAccount is one).',
  AuthenticationUserName:
    'The user name at another authentication provider (single sign-on), as TeamDynamix keeps it.',
  AuthenticationProviderID: 'The ID of the user’s authentication provider, or null.',
  Attributes: 'The user’s custom attributes, as objects like the real service’s (ID, Name, Value, …).',
  IMProvider: 'The instant-messaging provider.',
  IMHandle: 'The instant-messaging handle.',
  TechnicianSignature: 'The signature added to the technician’s updates.',
  ApplyTechnicianSignatureToUpdatesAndComments: 'Whether the signature is added to updates and comments.',
  ApplyTechnicianSignatureToReplies: 'Whether the signature is added to replies.',
};
