/** The BEID and WebServicesKey of Test College, the organization of the realm files tests write. */
export const TEST_COLLEGE = {
  beid: '11111111-2222-4333-8444-555555555555',
  key: '66666666-7777-4888-9999-000000000000',
};

/**
 * A realm of one organization, Test College, none of it the demo's: its admin service account
 * (svc@test.example), the users given and, when given, the embedded provider's identities.
 */
export function testCollegeRealm(users: object[], identities?: object[]): object {
  return {
    organizations: [
      {
        Name: 'Test College',
        BEID: TEST_COLLEGE.beid,
        BEIDInt: 7,
        AdminAccount: { UserName: 'svc@test.example', WebServicesKey: TEST_COLLEGE.key, Active: true },
        Users: users,
      },
    ],
    ...(identities ? { identities } : {}),
  };
}
