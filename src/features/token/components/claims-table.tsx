import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { ClaimValue } from './claim-value';

export function ClaimsTable({ caption, values }: { caption: string; values: Record<string, unknown> }) {
  return (
    <Table size="small" aria-label={caption}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            Name
          </TableCell>
          <TableCell component="th" scope="col">
            Value
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {Object.entries(values).map(([name, value]) => (
          <TableRow key={name}>
            <TableCell component="th" scope="row">
              <code>{name}</code>
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>
              <ClaimValue name={name} value={value} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
