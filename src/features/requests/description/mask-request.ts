import { isSecretName, MASKED_SECRET } from '@contract/secret-fields';
import type { ApiMethod } from '@contract/web-api/methods';
import { requestTarget, type BuiltRequest, type RequestForm } from '../form/request-form';
import { maskTemplateBody } from '../variables/mask-template-body';
import { targetWithReferences } from '../variables/target-with-references';
import { isReferenceOnly } from '../variables/variable-syntax';

/** A form as it may be kept or shown, and whether a secret in it is masked (masked now, or masked before). */
export interface KeptForm {
  form: RequestForm;
  masked: boolean;
}

/** A request as it may be kept or shown: the kept form, and the request built from it. */
export interface KeptRequest extends KeptForm {
  request: BuiltRequest;
}

const MASK_IN_URL = encodeURIComponent(MASKED_SECRET);

/** A name or value of a query as the browser reads it: `+` a space, percent escapes decoded (a bad one kept). */
function decodedQueryPart(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/**
 * `name=value&…` with each value whose name says secret masked, and every other character as it was written; how
 * many were masked now, and whether one was masked before.
 */
function maskParameters(text: string): { text: string; changed: boolean; masked: boolean } {
  let changed = false;
  let masked = false;
  const pairs = text.split('&').map((pair) => {
    const at = pair.indexOf('=');
    if (at < 0 || !isSecretName(decodedQueryPart(pair.slice(0, at)))) return pair;
    const value = pair.slice(at + 1);
    if (value === '' || isReferenceOnly(decodedQueryPart(value))) return pair;
    masked = true;
    if (decodedQueryPart(value) === MASKED_SECRET) return pair;
    changed = true;
    return `${pair.slice(0, at + 1)}${MASK_IN_URL}`;
  });
  return { text: changed ? pairs.join('&') : text, changed, masked };
}

/**
 * The path field with the secrets of a query (or fragment) typed into it masked: `webhook?token=…` is kept as
 * `webhook?token=%3Credacted%3E`, as the same query in the rows would be. Only the values change; the rest stays as
 * typed, so that reading it later fills the same rows.
 */
function maskPath(path: string): { text: string; changed: boolean; masked: boolean } {
  const at = path.search(/[?#]/);
  if (at < 0) return { text: path, changed: false, masked: false };
  const parts = path.slice(at).split(/(?=#)/);
  let changed = false;
  let masked = false;
  const safe = parts.map((part) => {
    const read = maskParameters(part.slice(1));
    changed ||= read.changed;
    masked ||= read.masked;
    return `${part[0]}${read.text}`;
  });
  return changed
    ? { text: `${path.slice(0, at)}${safe.join('')}`, changed, masked }
    : { text: path, changed, masked };
}

/**
 * The form as it may be kept or shown: the one secret rule (`isSecretName`) masks its body, its query rows, its path
 * parameters and a query typed into its path. The same form (the same object) when nothing needed masking; `masked`
 * also when a secret was masked before (its value is the mask), since sending it would send the mask. A variable's
 * `{{name}}` alone under a secret name is kept: it names the value, which stays with the variables.
 */
export function maskForm(form: RequestForm): KeptForm {
  const body = maskTemplateBody(form.body);
  const path = maskPath(form.path);
  let changed = body.masked || path.changed;
  let masked = changed || path.masked;
  const safe = (name: string, value: string) => {
    if (!isSecretName(name) || value === '' || isReferenceOnly(value)) return value;
    masked = true;
    if (value === MASKED_SECRET) return value;
    changed = true;
    return MASKED_SECRET;
  };
  const query = form.query.map((row) => {
    const value = safe(row.name, row.value);
    return value === row.value ? row : { ...row, value };
  });
  const pathValues = Object.fromEntries(
    Object.entries(form.pathValues).map(([name, value]) => [name, safe(name, value)]),
  );
  if (!changed) return { form, masked };
  return { form: { ...form, path: path.text, body: body.text, query, pathValues }, masked };
}

/**
 * A request built from `form`, as it may be kept or shown: when a secret was masked, built again from the masked
 * form (its path parameters, query and body), so that the request and the form it came from agree.
 */
export function maskRequest(form: RequestForm, request: BuiltRequest): KeptRequest {
  const kept = maskForm(form);
  if (kept.form === form) return { ...kept, request };
  return {
    ...kept,
    request: {
      method: request.method,
      path: requestTarget(kept.form),
      ...(request.bodyText !== undefined ? { bodyText: kept.form.body } : {}),
    },
  };
}

/**
 * A form that uses variables as it may be kept or shown: masked, and its request made from it with each
 * `{{name}}` as written, so that what is kept names the variables and holds none of their values.
 */
export function keptWithReferences(form: RequestForm, method: ApiMethod, hasBody: boolean): KeptRequest {
  const kept = maskForm(form);
  return {
    ...kept,
    request: {
      method,
      path: targetWithReferences(kept.form),
      ...(hasBody ? { bodyText: kept.form.body } : {}),
    },
  };
}

/** A resolved form as it may be shown: masked by the one rule, as a request (`resolveForShowing` gave its values). */
export function shownRequest(form: RequestForm, hasBody: boolean): BuiltRequest {
  const { form: safe } = maskForm(form);
  return { method: safe.method, path: requestTarget(safe), ...(hasBody ? { bodyText: safe.body } : {}) };
}
