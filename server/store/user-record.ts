import type { UserRecord } from '../../contract/wire.ts';

/** How the real service writes a date that is not set. */
export const UNSET_DATE = '0001-01-01T00:00:00Z';

const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';

export type UserRecordFields = Partial<UserRecord> &
  Pick<UserRecord, 'UID' | 'ReferenceID' | 'BEID' | 'BEIDInt' | 'UserName' | 'TypeID'>;

/**
 * A complete User record: every field present and typed as the real service types it, with empty strings for
 * missing text and the unset date for missing dates.
 */
export function buildUserRecord(fields: UserRecordFields): UserRecord {
  const first = fields.FirstName ?? '';
  const last = fields.LastName ?? '';
  const record: UserRecord = {
    UID: fields.UID,
    ReferenceID: fields.ReferenceID,
    BEID: fields.BEID,
    BEIDInt: fields.BEIDInt,
    IsActive: fields.IsActive ?? true,
    IsConfidential: fields.IsConfidential ?? false,
    UserName: fields.UserName,
    FullName: fields.FullName ?? [first, last].filter(Boolean).join(' '),
    FirstName: first,
    LastName: last,
    MiddleName: fields.MiddleName ?? '',
    Salutation: fields.Salutation ?? '',
    Nickname: fields.Nickname ?? '',
    DefaultAccountID: fields.DefaultAccountID ?? 0,
    DefaultAccountName: fields.DefaultAccountName ?? '',
    PrimaryEmail: fields.PrimaryEmail ?? '',
    AlternateEmail: fields.AlternateEmail ?? '',
    ExternalID: fields.ExternalID ?? '',
    AlternateID: fields.AlternateID ?? '',
    Applications: fields.Applications ?? [],
    SecurityRoleName: fields.SecurityRoleName ?? '',
    SecurityRoleID: fields.SecurityRoleID ?? EMPTY_GUID,
    Permissions: fields.Permissions ?? [],
    OrgApplications: fields.OrgApplications ?? [],
    PrimaryClientPortalApplicationID: fields.PrimaryClientPortalApplicationID ?? null,
    GroupIDs: fields.GroupIDs ?? [],
    AlertEmail: fields.AlertEmail ?? fields.PrimaryEmail ?? '',
    ProfileImageFileName: fields.ProfileImageFileName ?? '',
    Company: fields.Company ?? '',
    Title: fields.Title ?? '',
    HomePhone: fields.HomePhone ?? '',
    PrimaryPhone: fields.PrimaryPhone ?? '',
    WorkPhone: fields.WorkPhone ?? '',
    Pager: fields.Pager ?? '',
    OtherPhone: fields.OtherPhone ?? '',
    MobilePhone: fields.MobilePhone ?? '',
    Fax: fields.Fax ?? '',
    DefaultPriorityID: fields.DefaultPriorityID ?? 0,
    DefaultPriorityName: fields.DefaultPriorityName ?? '',
    AboutMe: fields.AboutMe ?? '',
    WorkAddress: fields.WorkAddress ?? '',
    WorkCity: fields.WorkCity ?? '',
    WorkState: fields.WorkState ?? '',
    WorkZip: fields.WorkZip ?? '',
    WorkCountry: fields.WorkCountry ?? '',
    HomeAddress: fields.HomeAddress ?? '',
    HomeCity: fields.HomeCity ?? '',
    HomeState: fields.HomeState ?? '',
    HomeZip: fields.HomeZip ?? '',
    HomeCountry: fields.HomeCountry ?? '',
    LocationID: fields.LocationID ?? 0,
    LocationName: fields.LocationName ?? '',
    LocationRoomID: fields.LocationRoomID ?? 0,
    LocationRoomName: fields.LocationRoomName ?? '',
    DefaultRate: fields.DefaultRate ?? 0,
    CostRate: fields.CostRate ?? 0,
    IsEmployee: fields.IsEmployee ?? false,
    WorkableHours: fields.WorkableHours ?? 0,
    IsCapacityManaged: fields.IsCapacityManaged ?? false,
    ReportTimeAfterDate: fields.ReportTimeAfterDate ?? UNSET_DATE,
    EndDate: fields.EndDate ?? UNSET_DATE,
    ShouldReportTime: fields.ShouldReportTime ?? false,
    ReportsToUID: fields.ReportsToUID ?? '',
    ReportsToFullName: fields.ReportsToFullName ?? '',
    ResourcePoolID: fields.ResourcePoolID ?? 0,
    ResourcePoolName: fields.ResourcePoolName ?? '',
    TZID: fields.TZID ?? 0,
    TZName: fields.TZName ?? '',
    TypeID: fields.TypeID,
    AuthenticationUserName: fields.AuthenticationUserName ?? '',
    AuthenticationProviderID: fields.AuthenticationProviderID ?? null,
    Attributes: fields.Attributes ?? [],
    IMProvider: fields.IMProvider ?? '',
    IMHandle: fields.IMHandle ?? '',
    TechnicianSignature: fields.TechnicianSignature ?? '',
    ApplyTechnicianSignatureToUpdatesAndComments:
      fields.ApplyTechnicianSignatureToUpdatesAndComments ?? false,
    ApplyTechnicianSignatureToReplies: fields.ApplyTechnicianSignatureToReplies ?? false,
  };
  return record;
}
