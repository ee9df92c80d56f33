import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { sendRequest } from '../api/send-request';
import { describeRequest, type DescribeContext } from '../description/describe-request';
import type { RequestForm } from '../form/request-form';
import { planEdit, type EditPlan } from '../full-replace/plan-edit';
import { wholeEditOf } from '../full-replace/whole-edit-entry';

/** A plan, with the body texts it was made from and made: it is shown while the form's body is one of them. */
interface Shown {
  plan: EditPlan;
  /** The form the record was loaded for, its body the changes. */
  form: RequestForm;
  whole: string;
  patch: string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);
const cell = (value: unknown) => (value === undefined ? '(none)' : json(value));
/** Which record a form edits: the plan of another record is not shown for it. */
const recordOf = (form: RequestForm) => `${form.path}\n${JSON.stringify(form.pathValues)}`;

/**
 * "Load, change, send" for an edit that replaces the record whole (the catalog's `replacesWhole`): the body holds
 * only the changes; the record is loaded with a GET of the same path, the changes made to it, the difference shown,
 * and the whole record (or, where the record has a PATCH, a JSON Patch of the same changes) put in the form, for
 * Send to send as any request.
 */
export function FullReplacePanel({
  form,
  context,
  onUse,
}: {
  form: RequestForm;
  context: DescribeContext;
  onUse: (form: RequestForm) => void;
}) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const entry = wholeEditOf(form.method, `/api/${form.path}`);
  const edit = entry ?? (shown ? wholeEditOf(shown.form.method, `/api/${shown.form.path}`) : undefined);
  const current =
    shown &&
    recordOf(shown.form) === recordOf(form) &&
    [shown.form.body, shown.whole, shown.patch].includes(form.body)
      ? shown
      : null;
  if (!entry && !(current && form.body === current.patch)) return null;

  async function load() {
    setProblem(null);
    setShown(null);
    const get = describeRequest({ ...form, method: 'GET', body: '' }, context);
    if (!get.ready) {
      setProblem('Fill in the path and its parameters first: the record is loaded from the same path.');
      return;
    }
    setLoading(true);
    const outcome = await sendRequest(get.request);
    setLoading(false);
    if (outcome.kind === 'failed') return setProblem(outcome.decision.message);
    // Never here: the GET is sent without a signal, so nothing cancels it.
    if (outcome.kind === 'cancelled') return;
    const { answer } = outcome;
    if (answer.error) return setProblem(`The GET answered ${answer.status}: ${answer.error.message}`);
    const loaded = answer.body.type === 'json' ? answer.body.data : null;
    const planned = planEdit(loaded, form.body);
    if (!planned.ok) return setProblem(planned.message);
    const { plan } = planned;
    setShown({ plan, form, whole: json(plan.after), patch: json(plan.patch) });
  }

  /** The loaded form with the record's PATCH and the JSON Patch of its changes. */
  const patchForm = ({ form: loaded, patch }: Shown, patchPath: string): RequestForm => ({
    ...loaded,
    method: 'PATCH',
    // The three whole-record edits share their path with their PATCH; a path typed filled in is kept as typed.
    path: patchPath === edit?.path ? loaded.path : patchPath.replace(/^\/api\//, ''),
    body: patch,
  });

  return (
    <Box component="section" aria-label="Load, change, send" sx={{ mt: 2 }}>
      {entry && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          This edit replaces the whole record: every field and custom attribute the body leaves out is
          cleared. Write only the changes in the body (custom attributes as{' '}
          <code>{'"Attributes": [{"ID": 1234, "Value": "…"}]'}</code>), then load the record to see what they
          change.
        </Alert>
      )}
      {entry && (
        <Button variant="outlined" onClick={() => void load()} disabled={loading}>
          {loading ? 'Loading the record…' : 'Load the record and show the changes'}
        </Button>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {problem}
        </Alert>
      )}
      {current && (
        <Box sx={{ mt: 1 }}>
          <Typography component="h4" variant="subtitle2">
            What sending changes
          </Typography>
          {current.plan.diff.length === 0 ? (
            <Typography variant="body2">The changes leave the record as it is.</Typography>
          ) : (
            <Table size="small" aria-label="What sending changes">
              <TableHead>
                <TableRow>
                  <TableCell>Field</TableCell>
                  <TableCell>Before</TableCell>
                  <TableCell>After</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {current.plan.diff.map((line) => (
                  <TableRow key={line.where}>
                    <TableCell component="th" scope="row">
                      {line.where}
                    </TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{cell(line.before)}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{cell(line.after)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
            {form.body !== current.whole && (
              <Button variant="outlined" onClick={() => onUse({ ...current.form, body: current.whole })}>
                Put the whole record in the body
              </Button>
            )}
            {edit?.patchPath && form.body !== current.patch && (
              <Button variant="outlined" onClick={() => onUse(patchForm(current, edit.patchPath ?? ''))}>
                Use a JSON Patch instead
              </Button>
            )}
          </Box>
          {(form.body === current.whole || form.body === current.patch) && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              The body holds the {form.body === current.whole ? 'whole record' : 'JSON Patch'} with these
              changes: Send sends it.
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
