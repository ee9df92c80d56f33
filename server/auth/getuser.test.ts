import { beforeAll, describe, expect, it } from 'vitest';
import { getUser } from '../testing/requests.ts';
import { DEMO, login, loginAdmin } from '../testing/start-server.ts';
import { useTestServer } from '../testing/use-test-server.ts';

const KINDS = [
  'guid',
  'int',
  'number',
  'boolean',
  'string',
  'date',
  'string[]',
  'int[]',
  'object[]',
  'int|null',
] as const;
type Kind = (typeof KINDS)[number];
const isKnownKind = (kind: string): kind is Kind => (KINDS as readonly string[]).includes(kind);

/**
 * The User record's fields, as the Web API's help lists `TeamDynamix.Api.Users.User` (docs/api.md, "The User
 * record"; public copy: https://solutions.teamdynamix.com/TDWebApi/Home/type/TeamDynamix.Api.Users.User), in
 * groups, each `Name:kind` (a bare name is a string).
 */
const USER_RECORD: Record<string, string> = {
  ids: 'UID:guid ReferenceID:int BEID:guid BEIDInt:int',
  flags:
    'IsActive:boolean IsConfidential:boolean IsEmployee:boolean IsCapacityManaged:boolean ShouldReportTime:boolean',
  names: 'UserName FullName FirstName LastName MiddleName Salutation Nickname',
  email: 'PrimaryEmail AlternateEmail AlertEmail',
  identity: 'ExternalID AlternateID AuthenticationUserName AuthenticationProviderID:int|null',
  access:
    'Applications:string[] SecurityRoleName SecurityRoleID:guid Permissions:string[] OrgApplications:object[] ' +
    'PrimaryClientPortalApplicationID:int|null GroupIDs:int[] Attributes:object[]',
  defaults: 'DefaultAccountID:int DefaultAccountName DefaultPriorityID:int DefaultPriorityName',
  profile:
    'ProfileImageFileName Company Title AboutMe TechnicianSignature ' +
    'ApplyTechnicianSignatureToUpdatesAndComments:boolean ApplyTechnicianSignatureToReplies:boolean IMProvider IMHandle',
  phones: 'HomePhone PrimaryPhone WorkPhone Pager OtherPhone MobilePhone Fax',
  addresses:
    'WorkAddress WorkCity WorkState WorkZip WorkCountry HomeAddress HomeCity HomeState HomeZip HomeCountry',
  location: 'LocationID:int LocationName LocationRoomID:int LocationRoomName',
  resourcing:
    'DefaultRate:number CostRate:number WorkableHours:number ReportTimeAfterDate:date EndDate:date ReportsToUID ' +
    'ReportsToFullName ResourcePoolID:int ResourcePoolName',
  timeZone: 'TZID:int TZName',
  type: 'TypeID:int',
};
const ORG_APPLICATION =
  'ID:int Name Description SystemClass IsDefault:boolean IsActive:boolean SecurityRoleId:guid SecurityRoleName ' +
  'IsAdministrator:boolean';

function fieldKinds(...specs: string[]): Record<string, Kind> {
  const entries = specs
    .flatMap((spec) => spec.split(' '))
    .map((field) => {
      const [name = '', kind = 'string'] = field.split(':');
      if (!isKnownKind(kind)) throw new Error(`unknown kind in "${field}"`);
      return [name, kind] as const;
    });
  return Object.fromEntries(entries);
}

const USER_FIELDS = fieldKinds(...Object.values(USER_RECORD));
const ORG_APPLICATION_FIELDS = fieldKinds(ORG_APPLICATION);

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function isKind(value: unknown, kind: Kind): boolean {
  const isInt = (v: unknown) => Number.isInteger(v);
  switch (kind) {
    case 'guid':
      return typeof value === 'string' && GUID.test(value);
    case 'int':
      return isInt(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'date':
      return typeof value === 'string' && DATE.test(value);
    case 'string[]':
      return Array.isArray(value) && value.every((v) => typeof v === 'string');
    case 'int[]':
      return Array.isArray(value) && value.every(isInt);
    case 'object[]':
      return (
        Array.isArray(value) && value.every((v) => typeof v === 'object' && v !== null && !Array.isArray(v))
      );
    case 'int|null':
      return value === null || isInt(value);
  }
}

/** The fields that are missing, extra or of the wrong type, so a failure names them. */
function mismatches(record: Record<string, unknown>, fields: Record<string, Kind>): string[] {
  const wrong = Object.entries(fields)
    .filter(([name, kind]) => !(name in record) || !isKind(record[name], kind))
    .map(([name, kind]) => `${name}: expected ${kind}, got ${JSON.stringify(record[name])}`);
  const extra = Object.keys(record)
    .filter((name) => !(name in fields))
    .map((name) => `${name}: not a User field`);
  return [...wrong, ...extra];
}

describe('GET /api/auth/getuser', () => {
  const server = useTestServer();
  const records = new Map<string, Record<string, unknown>>();
  const read = async (token: string) => {
    const reply = await getUser(server.api, token);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    return JSON.parse(reply.text) as Record<string, unknown>;
  };

  beforeAll(async () => {
    records.set('jdoe', await read(await login(server.api, DEMO.jdoe)));
    records.set('asmith', await read(await login(server.api, DEMO.asmith)));
    records.set('service account', await read(await loginAdmin(server.api)));
  });

  it('knows all 77 fields of the list', () => {
    expect(Object.keys(USER_FIELDS)).toHaveLength(77);
  });

  it.each(['jdoe', 'asmith', 'service account'])('answers every User field, typed, for %s', (who) => {
    const record = records.get(who)!;
    expect(mismatches(record, USER_FIELDS)).toEqual([]);
    for (const app of record.OrgApplications as Record<string, unknown>[]) {
      expect(mismatches(app, ORG_APPLICATION_FIELDS)).toEqual([]);
    }
    expect([0, 1, 2, 8, 9]).toContain(record.TypeID);
  });

  it("answers jdoe's own record: an active user with TDPeople, TDTickets and TDAssets", () => {
    const jdoe = records.get('jdoe')!;
    expect(jdoe).toMatchObject({ UserName: DEMO.jdoe, BEID: DEMO.exampleBeid, TypeID: 1, IsActive: true });
    expect(jdoe.Applications).toEqual(['TDPeople', 'TDTickets', 'TDAssets']);
    // The organization's own ticketing and asset applications; People is the emulator's default.
    expect(
      (jdoe.OrgApplications as Record<string, unknown>[]).map(({ ID, Name, SystemClass, IsDefault }) => ({
        ID,
        Name,
        SystemClass,
        IsDefault,
      })),
    ).toEqual([
      { ID: 1, Name: 'People', SystemClass: 'TDPeople', IsDefault: true },
      { ID: 31, Name: 'IT Service Desk', SystemClass: 'TDTickets', IsDefault: false },
      { ID: 52, Name: 'IT Assets', SystemClass: 'TDAssets', IsDefault: false },
    ]);
    // Unset text is an empty string and an unset date is the .NET minimum date, never null.
    expect(jdoe.HomePhone).toBe('');
    expect(jdoe.EndDate).toBe('0001-01-01T00:00:00Z');
  });

  it("answers asmith's record with TDTickets only", () => {
    expect(records.get('asmith')).toMatchObject({
      UserName: DEMO.asmith,
      Applications: ['TDTickets'],
      TypeID: 1,
    });
  });

  it("answers the organization's service account (TypeID 9) for a loginadmin token", () => {
    expect(records.get('service account')).toMatchObject({
      UserName: 'api-admin@example.edu',
      TypeID: 9,
      BEID: DEMO.exampleBeid,
      IsActive: true,
    });
  });
});
