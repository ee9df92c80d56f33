import type { OrgApplication } from '../../contract/wire.ts';

/** An application of an organization, as a realm names it: what `OrgApplications` shows of it to its users. */
export interface ApplicationEntry {
  ID: number;
  Name: string;
  SystemClass: string;
  Description?: string;
}

/**
 * The emulator's default application for each system class clients see: what an organization that names none of
 * its own for a class gets.
 */
const DEFAULTS: Record<string, { ID: number; Name: string; Description: string }> = {
  TDPeople: { ID: 1, Name: 'People', Description: 'People and group directory' },
  TDTickets: { ID: 2, Name: 'IT Tickets', Description: 'Incident and request tickets' },
  TDAdmin: { ID: 3, Name: 'Admin', Description: 'Organization administration' },
  TDAssets: { ID: 4, Name: 'Assets/CIs', Description: 'Asset and configuration management' },
  TDClient: { ID: 5, Name: 'Client Portal', Description: 'Self-service portal' },
};

export const KNOWN_APPLICATIONS: readonly string[] = Object.keys(DEFAULTS);

/** IDs of applications of other classes start here, clear of the defaults' own. */
const OTHER_IDS_FROM = 1000;
const OTHER_IDS = 9000;

/**
 * The application of a class the emulator has no default for (TDProjects, TDWorkManagement, …) when the
 * organization names none: named after its system class, with an ID made from that name, so that every user and
 * every start gives the same application the same ID.
 */
function otherApplication(systemClass: string): ApplicationEntry {
  let hash = 0x811c9dc5;
  for (const char of systemClass) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return {
    ID: OTHER_IDS_FROM + (hash % OTHER_IDS),
    Name: systemClass.replace(/^TD(?=[A-Z])/, ''),
    SystemClass: systemClass,
  };
}

/**
 * The applications of an organization: its own (a realm's `OrgApplications`, several per class allowed, as a tenant
 * may run two ticketing applications), and the default for each class it names none of.
 */
export function organizationApplications(own: readonly ApplicationEntry[]): ApplicationEntry[] {
  const named = new Set(own.map((app) => app.SystemClass));
  const defaults = KNOWN_APPLICATIONS.filter((systemClass) => !named.has(systemClass)).map((systemClass) => ({
    ...DEFAULTS[systemClass]!,
    SystemClass: systemClass,
  }));
  return [...own, ...defaults];
}

/**
 * A user's `OrgApplications`: the organization's applications of each system class the user's `Applications`
 * names, in that order (one named after the class for a class the organization has none of); the first is
 * the default.
 */
export function orgApplicationsFor(
  organization: readonly ApplicationEntry[],
  applications: readonly string[],
  administered: readonly string[],
  role: { id: string; name: string },
): OrgApplication[] {
  return applications
    .flatMap((systemClass) => {
      const own = organization.filter((app) => app.SystemClass === systemClass);
      return own.length > 0 ? own : [otherApplication(systemClass)];
    })
    .map((app, index) => ({
      ID: app.ID,
      Name: app.Name,
      Description: app.Description ?? '',
      SystemClass: app.SystemClass,
      IsDefault: index === 0,
      IsActive: true,
      SecurityRoleId: role.id,
      SecurityRoleName: role.name,
      IsAdministrator: administered.includes(app.SystemClass),
    }));
}
