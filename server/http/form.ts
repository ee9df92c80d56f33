import type { IncomingMessage } from 'node:http';
import { readBody } from './body.ts';
import { ApiError } from './errors.ts';
import { mediaType } from './media-type.ts';

export const FORM_TYPE = 'application/x-www-form-urlencoded';
const MAX_FORM_BYTES = 16 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The name/value pairs of an `application/x-www-form-urlencoded` body, in order, or null when it is not one:
 * bytes that are not UTF-8, a malformed percent escape, or escapes that do not decode to UTF-8. Unlike
 * URLSearchParams, nothing is silently replaced, so what a handler sees is exactly what the client meant.
 */
export function decodeForm(raw: Buffer): [string, string][] | null {
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    return null;
  }
  const pairs: [string, string][] = [];
  for (const piece of text.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const [name, value] = eq < 0 ? [piece, ''] : [piece.slice(0, eq), piece.slice(eq + 1)];
    try {
      pairs.push([
        decodeURIComponent(name.replaceAll('+', ' ')),
        decodeURIComponent(value.replaceAll('+', ' ')),
      ]);
    } catch {
      return null;
    }
  }
  return pairs;
}

export type FormResult =
  { ok: true; fields: URLSearchParams } | { ok: false; reason: 'type' | 'size' | 'gone' };

/** Reads an HTML form post (`application/x-www-form-urlencoded`, at most 16 KB). */
export async function readForm(req: IncomingMessage): Promise<FormResult> {
  if (mediaType(req.headers['content-type']).type !== FORM_TYPE) {
    req.resume();
    return { ok: false, reason: 'type' };
  }
  let raw: Buffer;
  try {
    raw = await readBody(req, MAX_FORM_BYTES);
  } catch (error) {
    return { ok: false, reason: error instanceof ApiError ? 'size' : 'gone' };
  }
  const pairs = decodeForm(raw);
  // A form the sign-in page could not have sent is refused like one of another type.
  return pairs ? { ok: true, fields: new URLSearchParams(pairs) } : { ok: false, reason: 'type' };
}
