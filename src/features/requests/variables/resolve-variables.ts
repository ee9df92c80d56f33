import { ownValue } from '@/lib/own-value';
import { isSecretName, MASKED_SECRET } from '@contract/secret-fields';
import { placeholdersOf, type FormErrors, type QueryParam, type RequestForm } from '../form/request-form';
import { fillBody } from './body-template';
import { holdsReference, REFERENCE, referencedName } from './variable-syntax';

/** The form with its variables' values in, or, field by field, the references it could not fill. */
export type Resolution = { ok: true; form: RequestForm } | { ok: false; errors: FormErrors };

/** Variables' values by name: read with `ownValue`, as the names come from input. */
export type VariableValues = Readonly<Record<string, string>>;

/** What a reference that cannot be filled is, in words: the field's name goes before it. */
function unfilled(inside: string, values: VariableValues): string {
  const name = referencedName(inside);
  if (name === null)
    return `{{${inside}}}, which is not a variable’s name (letters, digits, _, - and . only): it would go out as text`;
  if (ownValue(values, name) === undefined) return `{{${name}}}, which has no value: add it under Variables`;
  return `{{${name}}}, which is empty: give it a value under Variables`;
}

const sentence = (field: string, problems: string[]) =>
  `${field} uses ${[...new Set(problems)].join(', and ')}.`;

/** Where a body's reference is, for a sentence: `The body's Password`, or `The body` at its top. */
export const bodyField = (at: string) => (at === '' ? 'The body' : `The body’s ${at}`);

/** The text of `{{name}}` (a value, or the mask in `shown`), or null when it has none. */
type Fill = (name: string) => string | null;

/**
 * `text` with each reference filled, and the references it could not fill. In the path a value is text of a
 * segment, encoded as a path parameter's value is, so it cannot add a segment or a query (`encode`).
 */
function fillText(text: string, fill: Fill, values: VariableValues, encode = false) {
  const problems: string[] = [];
  const filled = text.replace(REFERENCE, (whole, inside: string) => {
    const name = referencedName(inside);
    const value = name === null ? null : fill(name);
    if (value === null) {
      problems.push(unfilled(inside, values));
      return whole;
    }
    return encode ? encodeURIComponent(value) : value;
  });
  return { filled, problems };
}

function resolveWith(form: RequestForm, fill: Fill, values: VariableValues): Resolution {
  const errors: FormErrors = {};
  let changed = false;

  const path = fillText(form.path, fill, values, true);
  if (path.problems.length > 0) errors.path = sentence('The path', path.problems);
  changed ||= path.filled !== form.path;

  let pathValues = form.pathValues;
  for (const name of placeholdersOf(form.path)) {
    const written = ownValue(form.pathValues, name) ?? '';
    const value = fillText(written, fill, values);
    if (value.problems.length > 0)
      (errors.pathValues ??= {})[name] = sentence(`The value of {${name}}`, value.problems);
    if (value.filled === written) continue;
    pathValues = { ...pathValues, [name]: value.filled };
    changed = true;
  }

  const query = form.query.map((row, index): QueryParam => {
    if (row.name.trim() === '' || row.value === '') return row;
    const label = `Query parameter ${index + 1}`;
    const rowErrors: { name?: string; value?: string } = {};
    if (holdsReference(row.name))
      rowErrors.name = `${label}’s name holds a {{…}}: a variable may stand in a value, never in a name.`;
    const value = fillText(row.value, fill, values);
    if (value.problems.length > 0) rowErrors.value = sentence(`${label}’s value`, value.problems);
    if (rowErrors.name || rowErrors.value) (errors.query ??= {})[String(row.id)] = rowErrors;
    if (value.filled === row.value) return row;
    changed = true;
    return { ...row, value: value.filled };
  });

  const bodyProblems = new Map<string, string[]>();
  const body = fillBody(form.body, (ref) => {
    const name = referencedName(ref.inside);
    const value = name === null ? null : fill(name);
    if (value === null)
      bodyProblems.set(ref.at, [...(bodyProblems.get(ref.at) ?? []), unfilled(ref.inside, values)]);
    return value;
  });
  if (bodyProblems.size > 0)
    errors.body = [...bodyProblems].map(([at, problems]) => sentence(bodyField(at), problems)).join(' ');
  changed ||= body !== form.body;

  if (errors.path || errors.pathValues || errors.query || errors.body) return { ok: false, errors };
  return { ok: true, form: changed ? { ...form, path: path.filled, pathValues, query, body } : form };
}

/** A variable's value, or null when it has none (an empty value is none: nothing is sent in its place). */
const valueIn = (values: VariableValues) => (name: string) => {
  const value = ownValue(values, name);
  return value === undefined || value === '' ? null : value;
};

/**
 * The form with each `{{name}}` of its path, its path parameters' values, its query rows' values and its body
 * replaced by the variable's value (in the body, escaped as JSON inside a string, as written outside one:
 * `fillBody`), or, field by field, each reference it cannot fill: a name with no value or an empty one, text in
 * double braces that is no variable's name, a `{{…}}` in a query row's name. The same form (the same object) when it
 * uses no variable. Values are read once: a value holding `{{…}}` is not filled again.
 */
export function resolveVariables(form: RequestForm, values: VariableValues): Resolution {
  return resolveWith(form, valueIn(values), values);
}

/**
 * The form as it may be shown (the preview, the copies, the confirmation) once resolved: a variable whose name says
 * secret (`isSecretName`) shows as the mask, every other as its value. Called once `resolveVariables` succeeded.
 */
export function resolveForShowing(form: RequestForm, values: VariableValues): RequestForm {
  const value = valueIn(values);
  const shown = resolveWith(form, (name) => (isSecretName(name) ? MASKED_SECRET : value(name)), values);
  return shown.ok ? shown.form : form;
}
