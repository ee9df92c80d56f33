import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { FieldList, type Field } from '@/components/field-list';
import { GuidValue } from '@/components/guid-value';
import { SectionCard } from '@/components/section-card';
import type { UserRecord } from '@contract/wire';
import { accountTypeName } from '../account-type';

function join(...parts: string[]): string {
  return parts.filter((p) => p && p.trim() !== '').join(', ');
}

function OrgApplications({ user }: { user: UserRecord }) {
  const orgApplications = user.OrgApplications ?? [];
  if (orgApplications.length === 0) return null;
  return (
    <Box component="ul" aria-label="Organization applications" sx={{ pl: 2, mb: 0 }}>
      {orgApplications.map((app) => (
        <li key={app.ID}>
          {app.Name} ({app.SystemClass}){app.IsAdministrator ? ' — administrator' : ''}
          {app.SecurityRoleName ? `, role ${app.SecurityRoleName}` : ''}
        </li>
      ))}
    </Box>
  );
}

function applicationChips(applications: string[]): ReactNode {
  if (applications.length === 0) return 'None';
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} component="span">
      {applications.map((app) => (
        <Chip key={app} label={app} size="small" component="span" />
      ))}
    </Stack>
  );
}

/** What the profile shows of the user's record: titled groups of fields, each a card. */
function sections(user: UserRecord): { title: string; fields: Field[]; more?: ReactNode }[] {
  return [
    {
      title: 'Identity',
      fields: [
        { label: 'Full name', value: user.FullName },
        { label: 'User name', value: user.UserName },
        { label: 'Primary e-mail', value: user.PrimaryEmail },
        { label: 'Alternate e-mail', value: user.AlternateEmail },
        { label: 'Alert e-mail', value: user.AlertEmail },
        { label: 'Account type', value: `${accountTypeName(user.TypeID)} (TypeID ${user.TypeID})` },
        { label: 'Active', value: user.IsActive ? 'Yes' : 'No' },
        { label: 'UID', value: user.UID && <GuidValue value={user.UID} name="UID" /> },
        { label: 'BEID', value: user.BEID && <GuidValue value={user.BEID} name="BEID" /> },
        { label: 'External ID', value: user.ExternalID },
        { label: 'Authentication user name', value: user.AuthenticationUserName },
      ],
    },
    {
      title: 'Access',
      fields: [
        { label: 'Applications', value: applicationChips(user.Applications ?? []) },
        { label: 'Security role', value: user.SecurityRoleName },
        { label: 'Permissions', value: (user.Permissions ?? []).join(', ') || 'None' },
      ],
      more: <OrgApplications user={user} />,
    },
    {
      title: 'Contact and location',
      fields: [
        { label: 'Company', value: user.Company },
        { label: 'Title', value: user.Title },
        { label: 'Work phone', value: user.WorkPhone },
        { label: 'Mobile phone', value: user.MobilePhone },
        {
          label: 'Work address',
          value: join(user.WorkAddress, user.WorkCity, user.WorkState, user.WorkZip, user.WorkCountry),
        },
        { label: 'Location', value: join(user.LocationName, user.LocationRoomName) },
        { label: 'Time zone', value: user.TZName },
      ],
    },
  ];
}

export function ProfileSections({ user }: { user: UserRecord }) {
  return sections(user).map(({ title, fields, more }) => (
    <SectionCard key={title} title={title}>
      <FieldList fields={fields} />
      {more}
    </SectionCard>
  ));
}
