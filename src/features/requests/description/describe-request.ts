import type { TargetBases } from '../paste/read-target';
import { holdsTarget, settleForm } from '../form/settle-form';
import { placeholdersLeft } from '../form/placeholders-left';
import { buildRequest, type BuiltRequest, type FormErrors, type RequestForm } from '../form/request-form';
import { templateBodyProblem } from '../variables/body-check';
import { resolveForShowing, resolveVariables, type VariableValues } from '../variables/resolve-variables';
import {
  keptWithReferences,
  maskForm,
  maskRequest,
  shownRequest,
  type KeptForm,
  type KeptRequest,
} from './mask-request';

/** Where the session's calls go, and with what variables: what a form is described against. */
export interface DescribeContext {
  /** The connection's base URL, as the api client prefixes it (`/TDWebApi`, `/relay/acme`). */
  base: string;
  /** The absolute bases a URL typed into the path may start with. */
  bases: TargetBases;
  /** The values of `{{name}}`, by name (read with `ownValue`): the organization's variables, or a row's. */
  variables: VariableValues;
}

/**
 * One request of the Requests screen, described once from its form and handed to everything that uses it: the
 * preview, the send, the confirmation, History, the copies, Saved (and, to come, the runner).
 * - `form`: the form as it is sent, a URL or query typed into the path read into the path and rows, each
 *   `{{name}}` as written;
 * - `request`: what the api client sends, the variables' values in, once the form can be sent (else `errors` says
 *   why not, field by field);
 * - `shown`: that request as it may be shown (the preview, the copies, the confirmation): masked by the one secret
 *   rule, a variable whose name says secret as the mask;
 * - `kept`: what may be kept (History, Saved, exports): each `{{name}}` as written, masked by the one secret rule,
 *   so that masking is decided here and nowhere else. Without variables, `shown` is `kept.request`.
 */
export type RequestDescription =
  | { ready: true; form: RequestForm; request: BuiltRequest; shown: BuiltRequest; kept: KeptRequest }
  | { ready: false; form: RequestForm; errors: FormErrors; kept: KeptForm };

export type ReadyRequest = Extract<RequestDescription, { ready: true }>;

/** Each set of variables' values as text, once: the screen hands the same object until one changes. */
const variablesKeys = new WeakMap<VariableValues, string>();
function variablesKey(variables: VariableValues): string {
  let key = variablesKeys.get(variables);
  if (key === undefined) {
    key = JSON.stringify(Object.entries(variables).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    variablesKeys.set(variables, key);
  }
  return key;
}

const contextKey = ({ base, bases, variables }: DescribeContext) =>
  [base, bases.own, ...bases.accepted, variablesKey(variables)].join('\n');

/** Each form (forms are replaced, never changed) with its description and the context it was made for. */
const described = new WeakMap<RequestForm, { key: string; description: RequestDescription }>();

/**
 * The steps, each once: settle (the path's URL or query read), resolve the variables, refuse placeholders left
 * (the console's mask, a `{{…}}` no variable filled), build (checked, the target made), mask. `form` and `kept`
 * keep `{{name}}` as written; only `request` (and `shown`, masked) carries the values.
 */
function describe(written: RequestForm, context: DescribeContext): RequestDescription {
  const settled = settleForm(written, context.bases);
  if (!settled.ok)
    return { ready: false, form: written, errors: { path: settled.message }, kept: maskForm(written) };
  const { form } = settled;
  const notReady = (errors: FormErrors) => ({ ready: false as const, form, errors, kept: maskForm(form) });
  const resolved = resolveVariables(form, context.variables);
  if (!resolved.ok) return notReady(resolved.errors);
  const left = placeholdersLeft(resolved.form);
  if (left) return notReady(left);
  const built = buildRequest(resolved.form, context.base);
  if (!built.ok) {
    const { errors } = built;
    // A body error of the filled body is said of the body as typed: where it breaks, never a value.
    const body = errors.body && resolved.form !== form && form.method !== 'GET';
    return notReady(body ? { ...errors, body: templateBodyProblem(form.body) } : errors);
  }
  const { request } = built;
  if (resolved.form === form) {
    const kept = maskRequest(form, request);
    return { ready: true, form, request, shown: kept.request, kept };
  }
  const hasBody = request.bodyText !== undefined;
  return {
    ready: true,
    form,
    request,
    shown: shownRequest(resolveForShowing(form, context.variables), hasBody),
    kept: keptWithReferences(form, request.method, hasBody),
  };
}

/**
 * The description of `form` on the connection of `context`: made once per form, and the same object for every
 * later call with that form (the screen's render, its Send, a re-run from History). A form settled from another
 * has the same description as it (settling it again changes nothing): the screen holds it once Send has read the
 * path.
 */
export function describeRequest(form: RequestForm, context: DescribeContext): RequestDescription {
  const key = contextKey(context);
  const known = described.get(form);
  if (known?.key === key) return known.description;
  const description = describe(form, context);
  described.set(form, { key, description });
  if (description.form !== form && !holdsTarget(description.form.path))
    described.set(description.form, { key, description });
  return description;
}
