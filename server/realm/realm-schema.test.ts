import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { parseRealm } from './realm.ts';
import { realmSchema } from './realm-schema.ts';

const read = (name: string) =>
  JSON.parse(readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;
const SCHEMA = read('realm.schema.json');
const validate = new Ajv({ allErrors: true }).compile(SCHEMA);

function importerAccepts(realm: unknown): boolean {
  try {
    parseRealm(realm);
    return true;
  } catch {
    return false;
  }
}

const GUID = '11111111-2222-4333-8444-555555555555';
const KEY = '66666666-7777-4888-9999-000000000000';

/** The README's minimal realm: one organization, its admin account and one user. */
const minimal = () => ({
  $schema: './realm.schema.json',
  organizations: [
    {
      Name: 'Test College',
      BEID: GUID,
      BEIDInt: 1,
      AdminAccount: { UserName: 'svc@test.example', WebServicesKey: KEY, Active: true },
      Users: [{ UserName: 'ci@test.example', Password: 'Ci-password-1' }] as Record<string, unknown>[],
    },
  ] as Record<string, unknown>[],
});

type Realm = ReturnType<typeof minimal>;
const org = (realm: Realm) => realm.organizations[0]!;
const user = (realm: Realm) => (org(realm).Users as Record<string, unknown>[])[0]!;
const variant = (change: (realm: Realm) => void) => {
  const realm = minimal();
  change(realm);
  return realm;
};

describe('server/realm/realm.schema.json', () => {
  it('is what the importer’s own tables make (npm run realm:schema writes it)', () => {
    expect(SCHEMA, 'run npm run realm:schema').toEqual(realmSchema());
  });

  it('is referenced by the demo realm, which both it and the importer accept', () => {
    const demo = read('demo.json');
    expect(demo.$schema).toBe('./realm.schema.json');
    expect(validate(demo), JSON.stringify(validate.errors)).toBe(true);
    expect(importerAccepts(demo)).toBe(true);
  });

  it('describes every property, at every depth, for an editor to show on hover', () => {
    const undescribed: string[] = [];
    const walk = (schema: Record<string, unknown>, where: string) => {
      const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      for (const [key, property] of Object.entries(properties)) {
        if (typeof property.description !== 'string' || property.description.length < 10) {
          undescribed.push(`${where}.${key}`);
        }
        walk(property, `${where}.${key}`);
        if (property.items) walk(property.items as Record<string, unknown>, `${where}.${key}[]`);
      }
    };
    walk(SCHEMA, 'realm');
    expect(undescribed).toEqual([]);
    const users = (SCHEMA as { properties: { organizations: { items: { properties: { Users: unknown } } } } })
      .properties.organizations.items.properties.Users;
    expect(JSON.stringify(users)).toContain('single sign-on only');
  });

  it('agrees with the importer on good realms', () => {
    const good = [
      minimal(),
      variant((r) => delete (r as Partial<Realm>).$schema),
      variant((r) => Object.assign(user(r), { Active: false, Applications: ['TDPeople'], GroupIDs: [1, 2] })),
      variant((r) => Object.assign(user(r), { AuthenticationProviderID: null, Attributes: [{ ID: 1 }] })),
      variant((r) => (org(r).Users = [])),
      // Applications beyond the five the emulator names (real tenants have TDProjects and others).
      variant((r) => (user(r).Applications = ['TDProjects', 'TDWorkManagement', 'TDPeople'])),
      // A single sign-on user: no password at all.
      variant((r) => delete user(r).Password),
      variant((r) =>
        Object.assign(r, {
          identities: [
            { UserName: 'sam', Password: 'p', Email: 'ci@test.example' },
            { UserName: 'kim', Password: 'q', Email: 'kim@test.example', Name: 'Kim' },
          ],
        }),
      ),
      variant((r) => (r.organizations = [])),
      variant((r) => (org(r).OrgApplications = [])),
      variant(
        (r) =>
          (org(r).OrgApplications = [
            { ID: 31, Name: 'IT Service Desk', SystemClass: 'TDTickets', Description: 'Campus IT' },
            { ID: 52, Name: 'IT Assets', SystemClass: 'TDAssets' },
            { ID: 60, Name: 'Campus Projects', SystemClass: 'TDProjects' },
          ]),
      ),
    ];
    for (const realm of good) {
      expect(validate(realm), JSON.stringify(validate.errors)).toBe(true);
      expect(importerAccepts(realm), JSON.stringify(realm)).toBe(true);
    }
  });

  it('agrees with the importer on bad realms', () => {
    const bad: unknown[] = [
      [],
      {},
      { organizations: {} },
      variant((r) => Object.assign(r, { extra: 1 })),
      variant((r) => (org(r).Name = ' ')),
      variant((r) => (org(r).BEID = 'not-a-guid')),
      variant((r) => (org(r).BEIDInt = 0)),
      variant((r) => (org(r).BEIDInt = 1.5)),
      variant((r) => delete org(r).AdminAccount),
      variant((r) => delete org(r).Users),
      variant((r) => (org(r).Region = 'EU')),
      variant((r) => delete (org(r).AdminAccount as Record<string, unknown>).WebServicesKey),
      variant((r) => ((org(r).AdminAccount as Record<string, unknown>).Active = 'yes')),
      variant((r) => ((org(r).AdminAccount as Record<string, unknown>).Password = 'x')),
      variant((r) => delete user(r).UserName),
      variant((r) => (user(r).UserName = '')),
      variant((r) => (user(r).UID = 'x')),
      variant((r) => (user(r).BEID = GUID)),
      variant((r) => (user(r).IsActive = true)),
      variant((r) => (user(r).Colour = 'red')),
      variant((r) => (user(r).FirstName = 3)),
      variant((r) => (user(r).FirstName = null)),
      variant((r) => (user(r).Applications = ['TD Nothing'])),
      variant((r) => (user(r).AdministeredApplications = [''])),
      variant((r) => Object.assign(r, { identities: {} })),
      variant((r) => Object.assign(r, { identities: [{ UserName: 'sam', Email: 'sam@test.example' }] })),
      variant((r) => Object.assign(r, { identities: [{ UserName: ' ', Password: 'p', Email: 'e@x' }] })),
      variant((r) =>
        Object.assign(r, { identities: [{ UserName: 'sam', Password: 'p', Email: 'e@x', Sub: 'x' }] }),
      ),
      variant((r) =>
        Object.assign(r, { identities: [{ UserName: 'sam', Password: 'p', Email: 'e@x', Name: 1 }] }),
      ),
      variant((r) => (user(r).GroupIDs = [1.5])),
      variant((r) => (user(r).Attributes = [[1]])),
      variant((r) => (user(r).Active = 'no')),
      variant((r) => (user(r).AdministeredApplications = [1])),
      variant((r) => (org(r).Users = ['ci@test.example'])),
      variant((r) => (org(r).OrgApplications = {})),
      variant((r) => (org(r).OrgApplications = [{ ID: 31, Name: 'X' }])),
      variant((r) => (org(r).OrgApplications = [{ ID: 31, Name: 'X', SystemClass: 'TD Nope' }])),
      variant((r) => (org(r).OrgApplications = [{ ID: 0, Name: 'X', SystemClass: 'TDTickets' }])),
      variant((r) => (org(r).OrgApplications = [{ ID: 31, Name: '', SystemClass: 'TDTickets' }])),
      variant((r) => (org(r).OrgApplications = [{ ID: 31, Name: 'X', SystemClass: 'TDTickets', Url: 'x' }])),
      variant(
        (r) => (org(r).OrgApplications = [{ ID: 31, Name: 'X', SystemClass: 'TDTickets', Description: 1 }]),
      ),
    ];
    for (const realm of bad) {
      expect(validate(realm), JSON.stringify(realm)).toBe(false);
      expect(importerAccepts(realm), JSON.stringify(realm)).toBe(false);
    }
  });
});
