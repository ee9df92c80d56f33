import { buildUserRecord } from '@contract/user-record';
import type { UserRecord } from '@contract/wire';

/** jdoe as the emulator's demo realm has them: the fields the profile shows, the rest unset as the service writes. */
export function jdoeRecord(overrides: Partial<UserRecord> = {}): UserRecord {
  const record = buildUserRecord({
    UID: 'c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8',
    ReferenceID: 1001,
    BEID: '5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f10',
    BEIDInt: 1,
    UserName: 'jdoe@example.edu',
    FirstName: 'Jane',
    LastName: 'Doe',
    PrimaryEmail: 'jdoe@example.edu',
    AlternateEmail: 'jane.doe@alumni.example.edu',
    ExternalID: 'E1001',
    Applications: ['TDPeople', 'TDTickets'],
    SecurityRoleName: 'Technician',
    SecurityRoleID: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    Permissions: ['Tickets.View'],
    OrgApplications: [
      {
        ID: 42,
        Name: 'IT Help Desk',
        Description: '',
        SystemClass: 'TDTickets',
        IsDefault: true,
        IsActive: true,
        SecurityRoleId: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        SecurityRoleName: 'Help Desk Agent',
        IsAdministrator: true,
      },
    ],
    Company: 'Example University',
    Title: 'Systems Analyst',
    WorkPhone: '+1 555 0100',
    WorkAddress: '1 College Ave',
    WorkCity: 'Springfield',
    WorkState: 'IL',
    WorkZip: '62701',
    WorkCountry: 'USA',
    LocationID: 3,
    LocationName: 'Main Library',
    LocationRoomName: 'Room 204',
    IsEmployee: true,
    WorkableHours: 8,
    TZID: 1,
    TZName: 'Central Time',
    TypeID: 1,
    AuthenticationUserName: 'jdoe',
  });
  return { ...record, ...overrides };
}
