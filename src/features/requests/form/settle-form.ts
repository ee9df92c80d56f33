import { readDocumentedLine } from '../paste/documented-line';
import { pasteTarget, type PasteResult } from '../paste/paste-into-form';
import type { TargetBases } from '../paste/read-target';
import type { RequestForm } from './request-form';

/**
 * Whether the path field holds more than a path below `/api/`: a URL, a query or fragment, a leading slash, or a
 * method before it as the API's documentation writes one.
 */
export function holdsTarget(path: string): boolean {
  return /[?#]|:\/\/|^\s*\//.test(path) || readDocumentedLine(path) !== null;
}

/**
 * The form as it is sent: a URL or a query typed into the path field is read as a paste of it would be (its base
 * stripped, its query made rows), so that the first Send sends it rather than only moving the query.
 */
export function settleForm(form: RequestForm, bases: TargetBases): PasteResult {
  if (!holdsTarget(form.path)) return { ok: true, form, notes: [] };
  return pasteTarget(form, form.path, bases);
}
