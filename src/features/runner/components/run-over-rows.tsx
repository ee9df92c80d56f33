import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import {
  describeRequest,
  RequestPreview,
  type BuiltRequest,
  type DescribeContext,
  type RequestForm,
} from '@/features/requests/public';
import { connectionKind } from '@/lib/connection-kind';
import type { Connection } from '@/lib/connection';
import { useConnections } from '@/session/connections/list-connections';
import { useJobStore } from '../run/job-store';
import { mayKeep } from '../run/kept-job';
import { newTrial, organizationSandbox } from '../run/trial';
import { KeptJobOffer } from './kept-job-offer';
import { planFirstRows, planRows, type RowsPlan } from '../rows/plan-rows';
import { readRows, type RowValues } from '../rows/read-rows';
import { ConfirmRun } from './confirm-run';
import { JobView } from './job-view';
import { RowsInput, type RowsInputValue } from './rows-input';

/**
 * "Run over rows": the form sent once per row, each column a variable for its row. Before anything goes out it shows
 * the number of rows and the first requests as they will go out; on a tenant's production connection it asks once
 * (as a single write does: never on a sandbox or on this server's emulator, issue 38 item 9).
 */
export function RunOverRows({
  form,
  context,
  connection,
  base,
}: {
  form: RequestForm;
  context: DescribeContext;
  connection: Connection;
  /** The connection's address as the preview shows it. */
  base: string;
}) {
  const job = useJobStore((s) => s.job);
  const start = useJobStore((s) => s.start);
  const [input, setInput] = useState<RowsInputValue>({ format: 'csv', column: 'value', text: '' });
  const [stopOnError, setStopOnError] = useState(false);
  /** The rows' requests, once all of them are described, while a production connection asks first. */
  const [asking, setAsking] = useState<BuiltRequest[] | null>(null);
  const read = useMemo(
    () => (input.text.trim() === '' ? null : readRows(input.text, input.format, input.column)),
    [input],
  );
  /** The rows that could not be sent when Run was pressed, for those rows and that form only. */
  const [refused, setRefused] = useState<{ read: typeof read; form: RequestForm; plan: RowsPlan } | null>(
    null,
  );
  // The screen hands a new context each render: the rows are described again only when what it says changes.
  // A row's columns are its variables, over the organization's of the same name.
  const contextKey = [context.base, context.bases.own, ...context.bases.accepted].join('\n');
  const { variables } = context;
  const describeRow = useCallback(
    (jobForm: RequestForm) => (row: RowValues) =>
      describeRequest(jobForm, { ...context, variables: { ...variables, ...row } }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `contextKey` and `variables` stand for `context`
    [contextKey, variables],
  );
  const preview = useMemo(
    () => (read?.ok ? planFirstRows(read.rows.values, describeRow(form)) : null),
    [read, form, describeRow],
  );
  const plan = refused?.read === read && refused.form === form ? refused.plan : preview;
  const { data: connections } = useConnections();
  const sandbox = organizationSandbox(connections ?? [], connection);
  if (job) return <JobView job={job} connection={connection} context={context} describeRow={describeRow} />;

  const operation = `${form.method} ${form.path.trim()}`;
  /** Every row described: its requests, or null (and the rows that cannot be sent shown). */
  function describeAll(): BuiltRequest[] | null {
    if (!read?.ok) return null;
    const all = planRows(read.rows.values, describeRow(form));
    if (all.ok) return all.requests;
    setRefused({ read, form, plan: all });
    return null;
  }
  function run(requests: BuiltRequest[], trialRows: number | null) {
    if (!read?.ok) return;
    setAsking(null);
    const { masked } = describeRequest(form, context).kept;
    const trial = trialRows !== null && sandbox ? newTrial(trialRows, sandbox, connection) : null;
    // With a trial, the job waits for a sign-in on the sandbox; its rows are described anew there.
    const at = trial && sandbox ? sandbox : connection;
    start({
      connectionId: at.id,
      connectionLabel: at.label,
      operation,
      form,
      keepable: mayKeep(masked, read.rows.columns),
      columns: read.rows.columns,
      values: read.rows.values,
      requests,
      stopOnError,
      trial,
    });
  }
  const rows = read?.ok ? read.rows.values.length : 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        Sends the request above once per row, at the pace the connection’s rate limit allows. Each column is a
        variable for its row: write {'{{uid}}'} where a row’s uid goes.
      </Typography>
      <KeptJobOffer connection={connection} describeRow={describeRow} />
      <RowsInput value={input} onChange={setInput} />
      <FormControlLabel
        control={<Checkbox checked={stopOnError} onChange={(e) => setStopOnError(e.target.checked)} />}
        label="Stop at the first error"
      />
      {read && !read.ok && <Alert severity="error">{read.message}</Alert>}
      {plan && !plan.ok && (
        <Alert severity="error">
          {plan === preview
            ? 'Rows cannot be sent:'
            : plan.count === 1
              ? '1 row cannot be sent:'
              : `${plan.count} rows cannot be sent:`}
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {plan.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </Box>
        </Alert>
      )}
      {plan?.ok && (
        <Box component="section" aria-label="Rows preview">
          <Typography component="h3" variant="subtitle1" gutterBottom>
            {rows === 1 ? '1 row' : `${rows} rows`}. The first{' '}
            {plan.shown.length === 1 ? 'request' : `${plan.shown.length} requests`} as they will go out:
          </Typography>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            {plan.shown.map((request, index) => (
              <RequestPreview key={index} base={base} request={request} label={`Row ${index + 1} request`} />
            ))}
          </Box>
        </Box>
      )}
      <Box>
        <Button
          variant="contained"
          disabled={!plan?.ok}
          onClick={() => {
            const requests = describeAll();
            if (!requests) return;
            if (connectionKind(connection) === 'production') setAsking(requests);
            else run(requests, null);
          }}
        >
          {plan?.ok ? `Run ${rows === 1 ? '1 row' : `${rows} rows`}` : 'Run'}
        </Button>
      </Box>
      <ConfirmRun
        open={asking !== null}
        connection={connection.label}
        operation={operation}
        rows={rows}
        first={plan?.ok ? plan.shown[0] : undefined}
        sandbox={sandbox?.label ?? null}
        onRun={(trialRows) => asking && run(asking, trialRows)}
        onCancel={() => setAsking(null)}
      />
    </Box>
  );
}
