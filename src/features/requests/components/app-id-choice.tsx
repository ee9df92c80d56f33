import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useCurrentUser } from '@/features/profile/public';
import { useSessionStore } from '@/session/stores/session-store';

/** Whether a path parameter names an application (`{appId}`, or `{appID}` as a few operations write it). */
export const isAppIdParameter = (name: string) => /^appid$/i.test(name);

const LABEL = 'Your applications';

/**
 * The signed-in user's applications by name, for an `{appId}`: read from the getuser record's `OrgApplications`
 * (the one the profile shows, fetched once and kept for the token's life), no call of its own. Shows nothing until
 * that record has any.
 */
export function AppIdChoice({
  parameter,
  value,
  onChoose,
}: {
  parameter: string;
  value: string;
  onChoose: (id: string) => void;
}) {
  const session = useSessionStore((s) => s.session);
  const user = useCurrentUser(session?.connection.id ?? '', session?.username ?? '');
  // A tenant's record is read as it came: only entries with a numeric ID and a name are offered.
  const applications = (user.data?.OrgApplications ?? []).filter(
    (app) => Number.isInteger(app?.ID) && typeof app.Name === 'string',
  );
  const id = useId();
  if (applications.length === 0) return null;
  const chosen = applications.some((app) => String(app.ID) === value.trim()) ? value.trim() : '';
  return (
    <FormControl sx={{ flex: '1 1 200px' }}>
      <InputLabel htmlFor={id} shrink>
        {LABEL}
      </InputLabel>
      <NativeSelect
        id={id}
        value={chosen}
        onChange={(e) => onChoose(e.target.value)}
        input={<OutlinedInput label={LABEL} notched />}
      >
        <option value="">Choose one to fill in {`{${parameter}}`}</option>
        {applications.map((app) => (
          <option key={app.ID} value={String(app.ID)}>
            {app.Name} (ID {app.ID}, {app.SystemClass})
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
