import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

export interface NamedRow {
  key: string;
  /** The row's header. */
  name: ReactNode;
  value: ReactNode;
  /** Its value is still coming. */
  busy?: boolean;
}

/**
 * Rows of a name (the row's header) and its value. The table is named by `label`: shown as its caption when
 * `captionId` is given (so a region around it can be labelled by it), otherwise as its accessible name only.
 */
export function NamedRowsTable({
  label,
  captionId,
  columns,
  rows,
  cellSx,
}: {
  label: string;
  captionId?: string;
  /** The column headers, when the table shows them. */
  columns?: [string, string];
  rows: NamedRow[];
  cellSx?: { fontFamily?: string; minWidth?: string };
}) {
  // A name breaks only where it can (a claim name at its separators, `WrapPoints`): with `anywhere`, the table would
  // squeeze the name column until every name broke mid-word. A value may break anywhere (tokens, GUIDs).
  const nameSx = { overflowWrap: 'break-word', ...cellSx } as const;
  const sx = { overflowWrap: 'anywhere', ...cellSx } as const;
  return (
    <Table size="small" aria-label={captionId ? undefined : label} sx={{ captionSide: 'top' }}>
      {captionId && (
        <Typography
          component="caption"
          id={captionId}
          variant="subtitle2"
          sx={{ textAlign: 'left', px: 0, pt: 0, color: 'text.primary' }}
        >
          {label}
        </Typography>
      )}
      {columns && (
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column} component="th" scope="col">
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
      )}
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key} aria-busy={row.busy}>
            <TableCell component="th" scope="row" sx={nameSx}>
              {row.name}
            </TableCell>
            <TableCell sx={sx}>{row.value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
