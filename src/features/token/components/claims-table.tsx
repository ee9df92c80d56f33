import { NamedRowsTable } from '@/components/named-rows-table';
import { ClaimValue } from './claim-value';
import { WrapPoints } from '@/components/wrap-points';

export function ClaimsTable({ caption, values }: { caption: string; values: Record<string, unknown> }) {
  return (
    <NamedRowsTable
      label={caption}
      columns={['Name', 'Value']}
      rows={Object.entries(values).map(([name, value]) => ({
        key: name,
        name: (
          <code>
            <WrapPoints text={name} />
          </code>
        ),
        value: <ClaimValue name={name} value={value} />,
      }))}
    />
  );
}
