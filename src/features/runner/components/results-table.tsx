import { useMemo, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useVirtualizer } from '@tanstack/react-virtual';
import { answerFileName } from '@/features/requests/public';
import { downloadFile } from '@/lib/download-file';
import type { Job } from '../run/job-store';
import { resultsCsv, resultsJson, statusText, type ResultLine } from '../results/results-files';

const ROW_HEIGHT = 36;

/** The answer fields shown at first: the identifying ones the first answer has, else its first three. */
function firstFields(job: Job): string[] {
  const first = job.results.find((result) => result?.ok && Object.keys(result.fields).length > 0);
  if (!first) return [];
  const names = Object.keys(first.fields);
  const known = ['ID', 'UID', 'Title', 'Name', 'FullName'].filter((name) => names.includes(name));
  return known.length > 0 ? known : names.slice(0, 3);
}

const cellSx = {
  px: 1,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  minWidth: 0,
} as const;

/**
 * Each drawn row, styled once by the table's group: its own `style` only places it. (A style per row made a class,
 * and a style rule, for every offset scrolled past.)
 */
const rowSx = {
  display: 'grid',
  position: 'absolute',
  top: 0,
  left: 0,
  right: 0,
  height: ROW_HEIGHT,
  lineHeight: `${ROW_HEIGHT}px`,
} as const;

/**
 * One line per row: its values, status, time and the answer fields picked; only failures when asked; downloads as
 * CSV and JSON. Only the lines on screen are drawn, so 10,000 rows cost a screenful.
 */
export function ResultsTable({
  job,
  actions,
  label = 'Results',
}: {
  job: Job;
  /** The table's name: the sandbox's results of a trial are named apart. */
  label?: string;
  /** More buttons beside the downloads, given the answer fields picked. */
  actions?: (fields: readonly string[]) => ReactNode;
}) {
  const [failuresOnly, setFailuresOnly] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const fields = (picked ?? firstFields(job).join(', '))
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const { version } = job;
  // The failed rows' places when only they are shown; every row is shown otherwise, read where it is drawn.
  const failed = useMemo(() => {
    void version;
    return failuresOnly
      ? job.results.flatMap((result, index) => (result && !result.ok ? [index] : []))
      : null;
  }, [job.results, failuresOnly, version]);
  const count = failed?.length ?? job.values.length;
  const lineAt = (at: number): ResultLine => {
    const index = failed ? failed[at]! : at;
    return { index, values: job.values[index]!, result: job.results[index] };
  };
  const lines = () => Array.from({ length: count }, (_, at) => lineAt(at));
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer hands back functions React's compiler cannot memoize: this table is drawn as it renders.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    initialRect: { width: 800, height: 400 },
  });
  const columns = [...job.columns, 'Status', 'Time (ms)', ...fields];
  const grid = `4em repeat(${columns.length}, minmax(6em, 1fr))`;
  const name = answerFileName(job.operation, 'csv').replace(/\.csv$/, '');
  const cells = (line: ResultLine) => [
    String(line.index + 1),
    ...job.columns.map((column) => line.values[column] ?? ''),
    line.result?.message ? `${statusText(line.result)} ${line.result.message}` : statusText(line.result),
    line.result ? String(line.result.ms) : '',
    ...fields.map((field) => {
      const value = line.result?.fields[field];
      return value === undefined || value === null ? '' : String(value);
    }),
  ];
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <FormControlLabel
          control={<Checkbox checked={failuresOnly} onChange={(e) => setFailuresOnly(e.target.checked)} />}
          label="Failures only"
        />
        <TextField
          size="small"
          label="Answer fields"
          helperText="Names of the answer’s fields, separated by commas"
          value={picked ?? fields.join(', ')}
          onChange={(e) => setPicked(e.target.value)}
        />
        <Button
          variant="outlined"
          onClick={() =>
            downloadFile(`results-${name}.csv`, resultsCsv(lines(), job.columns, fields), 'text/csv')
          }
        >
          Download CSV
        </Button>
        <Button
          variant="outlined"
          onClick={() => downloadFile(`results-${name}.json`, resultsJson(lines()), 'application/json')}
        >
          Download JSON
        </Button>
        {actions?.(fields)}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {failuresOnly ? `${count} failed ${count === 1 ? 'row' : 'rows'}` : `${count} rows`}
      </Typography>
      <Box
        ref={scrollRef}
        role="table"
        aria-label={label}
        aria-rowcount={count + 1}
        tabIndex={0}
        sx={{
          maxHeight: 400,
          overflow: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          fontSize: 14,
        }}
      >
        <Box
          role="row"
          aria-rowindex={1}
          sx={{
            display: 'grid',
            gridTemplateColumns: grid,
            position: 'sticky',
            top: 0,
            zIndex: 1,
            bgcolor: 'background.paper',
            fontWeight: 600,
            borderBottom: 1,
            borderColor: 'divider',
            lineHeight: `${ROW_HEIGHT}px`,
          }}
        >
          {['Row', ...columns].map((column) => (
            <Box role="columnheader" key={column} sx={cellSx}>
              {column}
            </Box>
          ))}
        </Box>
        <Box
          role="rowgroup"
          sx={{
            position: 'relative',
            '& > [role="row"]': { ...rowSx, gridTemplateColumns: grid },
            '& > [data-failed]': { color: 'error.main' },
            '& [role="cell"]': cellSx,
          }}
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const line = lineAt(item.index);
            return (
              <div
                role="row"
                key={line.index}
                aria-rowindex={item.index + 2}
                data-failed={line.result && !line.result.ok ? '' : undefined}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {cells(line).map((text, i) => (
                  <div role="cell" key={i} title={text}>
                    {text}
                  </div>
                ))}
              </div>
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}
