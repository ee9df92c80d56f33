import type { TargetBases } from '../paste/read-target';
import { holdsTarget, settleForm } from '../form/settle-form';
import { buildRequest, type BuiltRequest, type FormErrors, type RequestForm } from '../form/request-form';
import { maskForm, maskRequest, type KeptForm, type KeptRequest } from './mask-request';

/** Where the session's calls go: what a form is described against. */
export interface DescribeContext {
  /** The connection's base URL, as the api client prefixes it (`/TDWebApi`, `/relay/acme`). */
  base: string;
  /** The absolute bases a URL typed into the path may start with. */
  bases: TargetBases;
}

/**
 * One request of the Requests screen, described once from its form and handed to everything that uses it: the
 * preview, the send, the confirmation, History, the copies, Saved (and, to come, variables and the runner).
 * - `form`: the form as it is sent, a URL or query typed into the path read into the path and rows;
 * - `request`: what the api client sends, once the form can be sent (else `errors` says why not);
 * - `kept`: what may be kept or shown (History, Saved, exports, copies, the preview), masked by the one secret
 *   rule, so that masking is decided here and nowhere else.
 */
export type RequestDescription =
  | { ready: true; form: RequestForm; request: BuiltRequest; kept: KeptRequest }
  | { ready: false; form: RequestForm; errors: FormErrors; kept: KeptForm };

export type ReadyRequest = Extract<RequestDescription, { ready: true }>;

const contextKey = ({ base, bases }: DescribeContext) => [base, bases.own, ...bases.accepted].join('\n');

/** Each form (forms are replaced, never changed) with its description and the context it was made for. */
const described = new WeakMap<RequestForm, { key: string; description: RequestDescription }>();

/**
 * The steps, each once: settle (the path's URL or query read), build (checked, the target made), mask. Variables
 * (issue 37) would resolve between settling and building: `form` and `kept` keep `{{name}}` as written, and only
 * `request` would carry the values.
 */
function describe(written: RequestForm, context: DescribeContext): RequestDescription {
  const settled = settleForm(written, context.bases);
  if (!settled.ok)
    return { ready: false, form: written, errors: { path: settled.message }, kept: maskForm(written) };
  const { form } = settled;
  const built = buildRequest(form, context.base);
  if (!built.ok) return { ready: false, form, errors: built.errors, kept: maskForm(form) };
  return { ready: true, form, request: built.request, kept: maskRequest(form, built.request) };
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
