import { mediaType } from '../http/media-type.ts';
import type { RecordedBody } from './recording-file.ts';
import { mayHoldSecret, redactJson, redactPairs, scrubText, type Redaction } from './redact.ts';

/** A body as a file holds it, masked, or why it cannot be kept (it would keep something the rule masks). */
export type KeptBody = { body: RecordedBody } | { refused: string };

const FORM = 'application/x-www-form-urlencoded';

function isUtf8(bytes: Buffer): boolean {
  return Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes);
}

/** JSON's text, a byte-order mark before it or not (a .NET service may send one), parsed; undefined if it is not. */
export function parseJsonText(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text.replace(/^\uFEFF/, '')) };
  } catch {
    return undefined;
  }
}

/** Whether a content type says the body is a form (`a=1&b=2`), which is masked field by field like JSON. */
export const isFormType = (contentType: string | null | undefined) =>
  mediaType(contentType ?? undefined).type === FORM;

/**
 * A body masked by the one rule, whatever its type: JSON (with or without a byte-order mark) and forms field by
 * field; other text and bytes only when nothing in them may be a masked value, their tokens scrubbed.
 */
export function keptBody(bytes: Buffer, contentType: string | null, redaction: Redaction): KeptBody {
  if (bytes.length === 0) return { body: { empty: true } };
  if (!isUtf8(bytes)) {
    // Bytes are kept as they are: they are refused when they read, as Latin-1 or as UTF-16, as holding a secret.
    const readings = [bytes.toString('latin1'), bytes.toString('utf16le')];
    const secret = readings.some(
      (text) => mayHoldSecret(text, redaction.fields) || scrubText(text, redaction.secrets) !== text,
    );
    return secret
      ? { refused: 'it is not text, and may hold a secret that cannot be masked in it' }
      : { body: { base64: bytes.toString('base64') } };
  }
  const text = bytes.toString('utf8');
  const json = parseJsonText(text);
  if (json) {
    const masked = redactJson(json.value, redaction);
    return masked === null ? { refused: 'its JSON nests too deep to be masked' } : { body: { json: masked } };
  }
  if (isFormType(contentType)) {
    return { body: { form: redactPairs([...new URLSearchParams(text)], redaction) } };
  }
  if (mayHoldSecret(text, redaction.fields)) {
    return { refused: 'it is text that is neither JSON nor a form, and names a field that would be masked' };
  }
  return { body: { text: scrubText(text, redaction.secrets) } };
}
