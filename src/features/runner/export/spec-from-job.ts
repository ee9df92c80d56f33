import {
  describeRequest,
  type DescribeContext,
  type RequestDescription,
  type RequestForm,
} from '@/features/requests/public';
import { isSecretName } from '@contract/secret-fields';
import { JobScriptError, type JobScriptSpec } from './job-script-spec';

/**
 * A stand-in for each `{{column}}` while the form is described: digits only, so that it goes through the path's and
 * the query's URL-encoding, a JSON string's escaping and a body's bare JSON number unchanged, and is put back as
 * `{{column}}` after.
 */
const standIn = (index: number) => `90417${String(index).padStart(6, '0')}38526`;
const STAND_IN = /90417(\d{6})38526/g;

type FormErrors = Extract<RequestDescription, { ready: false }>['errors'];

function firstProblem(errors: FormErrors): string {
  const query = Object.values(errors.query ?? {}).flatMap(({ name, value }) => [name, value]);
  const found = [errors.path, ...Object.values(errors.pathValues ?? {}), ...query, errors.body].find(
    (problem) => problem !== undefined,
  );
  return found ?? 'The form cannot be sent.';
}

/** What the runner knows of a job beyond its form: where and how the script signs in, and what it keeps. */
export interface JobTarget {
  /** The tenant's own Web API base (not this server's relay): the script calls it directly. */
  baseUrl: string;
  signIn: JobScriptSpec['signIn'];
  connection: string;
  answerFields: readonly string[];
}

/**
 * A job as a script's spec: the form described once more (as the screen describes it), the organization's variables
 * filled in and each column left as `{{column}}`. A variable whose name says secret is never written into a script:
 * a form that uses one (and no column of that name) cannot be exported.
 */
export function specFromJob(
  form: RequestForm,
  columns: readonly string[],
  context: DescribeContext,
  target: JobTarget,
): JobScriptSpec {
  const names = [...columns];
  const organization = Object.entries(context.variables).flatMap(([name, value]): [string, string][] => {
    if (columns.includes(name)) return [];
    if (!isSecretName(name)) return [[name, value]];
    names.push(name);
    return [[name, standIn(names.length - 1)]];
  });
  const variables = Object.fromEntries([
    ...organization,
    ...columns.map((column, index): [string, string] => [column, standIn(index)]),
  ]);
  // A copy of the form: the screen's own description of it stays as it is.
  const description = describeRequest({ ...form }, { ...context, variables });
  if (!description.ready) throw new JobScriptError(firstProblem(description.errors));
  const secretUsed = new Set<string>();
  const back = (text: string) =>
    text.replace(STAND_IN, (_, index: string) => {
      const name = names[Number(index)]!;
      if (Number(index) >= columns.length) secretUsed.add(name);
      return `{{${name}}}`;
    });
  const { request } = description;
  const at = request.path.indexOf('?');
  const path = back(at < 0 ? request.path : request.path.slice(0, at));
  const query = at < 0 ? [] : [...new URLSearchParams(request.path.slice(at + 1))];
  const spec: JobScriptSpec = {
    baseUrl: target.baseUrl,
    signIn: target.signIn,
    method: request.method,
    path,
    query: query.map(([name, value]) => ({ name, value: back(value) })),
    body: request.bodyText === undefined ? null : back(request.bodyText),
    columns,
    answerFields: target.answerFields,
    connection: target.connection,
  };
  const [secret] = secretUsed;
  if (secret !== undefined)
    throw new JobScriptError(
      `The request uses {{${secret}}}, a secret variable: a script holds no secret. Make it a column of the rows instead.`,
    );
  return spec;
}
