import type { IncomingMessage } from 'node:http';
import { checkUtf8Charset, foldEntries, foldKeys, JSON_TYPES, readBody, readJsonBody } from './body.ts';
import { MAX_BODY_BYTES } from '../../contract/body-limit.ts';
import { ApiError } from './errors.ts';
import { decodeForm, FORM_TYPE } from './form.ts';
import { mediaType } from './media-type.ts';

/**
 * The named parameters of a sign-in body, keyed by lower-case name: a JSON object, or form fields, which the real
 * service binds to the same parameters (scripts post dictionaries form-encoded). Both follow the same rules:
 * names in any letter case, each name once, UTF-8 only, at most 64 KB.
 */
export async function readFields(req: IncomingMessage): Promise<Map<string, unknown>> {
  const { type, charset } = mediaType(req.headers['content-type']);
  if (JSON_TYPES.has(type)) return foldKeys(await readJsonBody(req));
  if (type !== FORM_TYPE) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      'The request body must be JSON (application/json or text/json) or form fields (application/x-www-form-urlencoded).',
    );
  }
  checkUtf8Charset(charset);
  const raw = await readBody(req, MAX_BODY_BYTES);
  if (raw.length === 0) {
    throw new ApiError(400, 'bad_request', 'The request body is empty; form fields are required.');
  }
  const pairs = decodeForm(raw);
  if (!pairs) {
    throw new ApiError(
      400,
      'bad_request',
      'The form body is not valid: it must be UTF-8, with well-formed percent-encoding.',
    );
  }
  return foldEntries(pairs);
}
