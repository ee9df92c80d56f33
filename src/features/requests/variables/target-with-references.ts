import { requestTarget, type RequestForm } from '../form/request-form';

/** `{{name}}` as `URLSearchParams` or `encodeURIComponent` wrote it (`%7B%7Bname%7D%7D`, spaces as `+` or `%20`). */
const ENCODED_REFERENCE = /%7B%7B((?:[A-Za-z0-9_.\-+]|%20)*)%7D%7D/gi;

/**
 * Where a form that uses variables goes, its `{{name}}` shown as written rather than encoded: the target as kept
 * (History, Saved), which holds the names and never the values.
 */
export function targetWithReferences(form: RequestForm): string {
  return requestTarget(form).replace(
    ENCODED_REFERENCE,
    (_, inside: string) => `{{${decodeURIComponent(inside.replaceAll('+', ' ')).trim()}}}`,
  );
}
