import { MASKED_SECRET } from '@contract/secret-fields';
import { isApiMethod, type ApiMethod } from '@contract/web-api/methods';
import { maskForm } from '../description/mask-request';
import { newQueryParam, type RequestForm } from '../form/request-form';

const isString = (v: unknown): v is string => typeof v === 'string';

/** A request kept in this browser: the form without its row ids, secrets masked, and a name. */
export interface SavedRequest {
  name: string;
  method: ApiMethod;
  path: string;
  pathValues: Record<string, string>;
  query: { name: string; value: string }[];
  body: string;
  /** A secret (a password, key or token) was masked: it must be filled in again before sending. */
  masked: boolean;
  /** The import that brought it, for _Remove this import_; absent for one saved from the form. */
  importId?: string;
  /**
   * The folder it sits in, outermost first (`['Tickets', 'Bulk']`); absent at the top. Names, not one string with a
   * separator, so a Postman folder named `A/B` comes back as it went.
   */
  folder?: string[];
}

/** The most folders a saved request may sit in, one inside the other (an import's own depth limit). */
const FOLDER_DEPTH = 20;

/** A folder as kept: names trimmed, empty ones dropped, at most `FOLDER_DEPTH`; none at all is no folder. */
function cleanFolder(names: readonly unknown[]): string[] | undefined {
  const folder = names
    .filter(isString)
    .map((n) => n.trim())
    .filter((n) => n !== '')
    .slice(0, FOLDER_DEPTH);
  return folder.length > 0 ? folder : undefined;
}

/** A folder typed as a path, `Tickets / Bulk`: each `/` steps one folder in. */
export const folderFromText = (text: string) => cleanFolder(text.split('/'));

/** A folder as shown and typed: `Tickets / Bulk`. */
export const folderText = (folder: readonly string[] | undefined) => (folder ?? []).join(' / ');

/**
 * The form as it may be kept: the one secret rule masks it, so storage never holds a secret. The screen saves the
 * form its description keeps (masked already: nothing changes); a file or storage edited by hand is masked here.
 */
export function savedFrom(name: string, form: RequestForm): SavedRequest {
  const { form: safe, masked: maskedNow } = maskForm(form);
  // Saving what was masked before (a saved request edited, an import of an export) keeps it marked.
  const masked = maskedNow || safe.body.includes(MASKED_SECRET);
  return {
    name: name.trim(),
    method: safe.method,
    path: safe.path,
    pathValues: { ...safe.pathValues },
    query: safe.query.map(({ name: n, value }) => ({ name: n, value })),
    body: safe.body,
    masked,
  };
}

export function formFromSaved(saved: SavedRequest): RequestForm {
  return {
    method: saved.method,
    path: saved.path,
    pathValues: { ...saved.pathValues },
    query: saved.query.map((q) => newQueryParam(q.name, q.value)),
    body: saved.body,
  };
}

/** One saved request read back from storage or a file, or null when it is not one (what a person edited by hand). */
export function parseSaved(value: unknown): SavedRequest | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!isString(v.name) || v.name.trim() === '' || !isString(v.path) || !isString(v.body)) return null;
  if (!isApiMethod(v.method)) return null;
  if (!Array.isArray(v.query)) return null;
  const query = (v.query as unknown[]).filter(
    (q): q is { name: string; value: string } =>
      typeof q === 'object' &&
      q !== null &&
      isString((q as Record<string, unknown>).name) &&
      isString((q as Record<string, unknown>).value),
  );
  const pathValues =
    typeof v.pathValues === 'object' && v.pathValues !== null
      ? Object.fromEntries(Object.entries(v.pathValues).filter((e): e is [string, string] => isString(e[1])))
      : {};
  // Masked again on the way in: a file or a hand edit may hold a secret the console never stored.
  const saved = savedFrom(v.name, {
    method: v.method,
    path: v.path,
    pathValues,
    query: query.map((q) => newQueryParam(q.name, q.value)),
    body: v.body,
  });
  const folder = Array.isArray(v.folder) ? cleanFolder(v.folder) : undefined;
  return {
    ...saved,
    ...(isString(v.importId) ? { importId: v.importId } : {}),
    ...(folder ? { folder } : {}),
  };
}
