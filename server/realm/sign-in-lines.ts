import { foldIdentity } from '../store/identity-fold.ts';
import type { Realm, RealmIdentity } from './realm.ts';
import { isDemoRealm, type SeededRealm } from './seed.ts';

/** What the start says about the realm: where it came from, and what this start did with the data directory. */
export function seedingLine({ path, seeding }: SeededRealm): string {
  switch (seeding.outcome) {
    case 'seeded':
      return `  Realm: ${path} (seeded into the new data directory)`;
    case 'kept':
      return `  Realm: ${path} (the data directory holds it already: used as it was left)`;
    case 'replaced': {
      const before =
        seeding.previous === 'other'
          ? 'was seeded from another realm'
          : 'does not say which realm it was seeded from (an earlier version made it)';
      return (
        `  Realm: ${path} (the data directory ${before}: re-imported, replacing its organizations, users and ` +
        'identities; users made through People create and changes made through test control are gone, and ' +
        'every earlier sign-in ended: tokens, provider and single sign-on sessions)'
      );
    }
  }
}

const pad = (text: string, width: number) => text.padEnd(width);

/** The sign-ins of a realm, as the start prints them: with passwords and keys for the published demo realm only. */
function userLines(realm: Realm, showSecrets: boolean): string[] {
  const users = realm.organizations.flatMap((org) => org.Users);
  const width = Math.max(0, ...users.map((user) => user.UserName.length)) + 2;
  const orgWidth = Math.max(0, ...realm.organizations.map((org) => org.Name.length)) + 2;
  const state = (active: boolean | undefined) => (active === false ? 'inactive' : 'active');
  return [
    showSecrets
      ? '  Sign-ins (user name / password):'
      : '  Sign-ins (passwords and WebServicesKeys as written in the realm file):',
    ...users.map((user) => {
      const secret = user.Password ?? (user.PasswordHash ? '(a password hash)' : null);
      const how = secret === null ? 'no password: single sign-on only' : showSecrets ? secret : '';
      const apps = user.Applications?.length ? `, ${user.Applications.join(' + ')}` : '';
      return `    ${pad(user.UserName, width)}${how ? `${showSecrets ? '/ ' : ''}${how}   ` : ''}${state(user.Active)}${apps}`;
    }),
    showSecrets ? '  Admin keys (BEID / WebServicesKey):' : '  Admin service accounts (BEID):',
    ...realm.organizations.map(
      (org) =>
        `    ${pad(org.Name, orgWidth)}${org.BEID}${showSecrets ? ` / ${org.AdminAccount.WebServicesKey}` : ''}   ${state(org.AdminAccount.Active)}`,
    ),
  ];
}

/** Where an identity's sign-in ends, by its e-mail (SSO_CLAIM's default), as single sign-on matches it. */
function outcome(realm: Realm, identity: RealmIdentity): string {
  const email = foldIdentity(identity.Email);
  const user = realm.organizations
    .flatMap((org) => org.Users)
    .find((candidate) =>
      [candidate.UserName, candidate.PrimaryEmail ?? ''].some((name) => foldIdentity(name) === email),
    );
  if (!user) return 'no user (refused)';
  return user.Active === false ? `${user.UserName} (inactive, refused)` : user.UserName;
}

/** The realm's single sign-on identities at the embedded provider; with the e-mail claim, whom each signs in. */
export function identityLines(seeded: SeededRealm, byEmail: boolean): string[] {
  const identities = seeded.realm.identities ?? [];
  if (identities.length === 0)
    return ['    (the realm has no identities: add them to its "identities" to sign in here)'];
  const showSecrets = isDemoRealm(seeded.path);
  const width = Math.max(...identities.map((identity) => identity.UserName.length)) + 1;
  return identities.map((identity) => {
    const secret = showSecrets ? `/ ${identity.Password}   ` : '';
    const target = byEmail ? outcome(seeded.realm, identity) : identity.Email;
    return `    ${pad(identity.UserName, width)}${secret}-> ${target}`;
  });
}

/** The realm's lines of the start: where it came from, what happened to the data directory, and its sign-ins. */
export function realmLines(seeded: SeededRealm): string[] {
  return [seedingLine(seeded), ...userLines(seeded.realm, isDemoRealm(seeded.path))];
}
