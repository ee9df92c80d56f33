import type { OrgApplication } from '../../contract/wire.ts';

/** The emulator's fixed catalogue of organization applications, keyed by the system class clients see. */
const CATALOGUE: Record<string, { ID: number; Name: string; Description: string }> = {
  TDPeople: { ID: 1, Name: 'People', Description: 'People and group directory' },
  TDTickets: { ID: 2, Name: 'IT Tickets', Description: 'Incident and request tickets' },
  TDAdmin: { ID: 3, Name: 'Admin', Description: 'Organization administration' },
  TDAssets: { ID: 4, Name: 'Assets/CIs', Description: 'Asset and configuration management' },
  TDClient: { ID: 5, Name: 'Client Portal', Description: 'Self-service portal' },
};

export const KNOWN_APPLICATIONS: readonly string[] = Object.keys(CATALOGUE);

/** IDs of applications outside the catalogue start here, clear of the catalogue's own. */
const OTHER_IDS_FROM = 1000;
const OTHER_IDS = 9000;

/**
 * An application outside the catalogue (TDProjects, TDWorkManagement, …): named after its system class, with an
 * ID made from that name, so that every user and every start gives the same application the same ID.
 */
function otherApplication(systemClass: string): { ID: number; Name: string; Description: string } {
  let hash = 0x811c9dc5;
  for (const char of systemClass) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return {
    ID: OTHER_IDS_FROM + (hash % OTHER_IDS),
    Name: systemClass.replace(/^TD(?=[A-Z])/, ''),
    Description: '',
  };
}

export function orgApplicationsFor(
  applications: readonly string[],
  administered: readonly string[],
  role: { id: string; name: string },
): OrgApplication[] {
  return applications.map((systemClass) => {
    // Own keys only: a system class such as "constructor" is not in the catalogue.
    const entry = KNOWN_APPLICATIONS.includes(systemClass)
      ? CATALOGUE[systemClass]!
      : otherApplication(systemClass);
    return {
      ...entry,
      SystemClass: systemClass,
      IsDefault: systemClass === applications[0],
      IsActive: true,
      SecurityRoleId: role.id,
      SecurityRoleName: role.name,
      IsAdministrator: administered.includes(systemClass),
    };
  });
}
