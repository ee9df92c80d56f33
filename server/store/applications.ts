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

export function orgApplicationsFor(
  applications: readonly string[],
  administered: readonly string[],
  role: { id: string; name: string },
): OrgApplication[] {
  return applications.flatMap((systemClass) => {
    const entry = CATALOGUE[systemClass];
    if (!entry) return [];
    return [
      {
        ...entry,
        SystemClass: systemClass,
        IsDefault: systemClass === applications[0],
        IsActive: true,
        SecurityRoleId: role.id,
        SecurityRoleName: role.name,
        IsAdministrator: administered.includes(systemClass),
      },
    ];
  });
}
