import { NamedRowsTable } from '@/components/named-rows-table';
import { ClaimValue } from './claim-value';

export function ClaimsTable({ caption, values }: { caption: string; values: Record<string, unknown> }) {
  return (
    <NamedRowsTable
      label={caption}
      columns={['Name', 'Value']}
      rows={Object.entries(values).map(([name, value]) => ({
        key: name,
        name: <code>{name}</code>,
        value: <ClaimValue name={name} value={value} />,
      }))}
    />
  );
}
