import { isJsonText } from '@/lib/json-text';

/** A pasted command read into what the form can send: the part curl's and PowerShell's readers share. */
export interface CommandRead {
  /** As written, or what the program would pick when it names none. */
  method: string;
  url: string;
  /** Data sent as the query string, joined as the program joins it. */
  getData: string | null;
  /** The body text, or null for none. */
  body: string | null;
  /** What was read and left out on purpose, each with why. */
  notes: string[];
  /** What could not be read, named as written; nothing of it was guessed at. */
  unread: string[];
}

const JSON_TYPE = /^(application|text)\/json\b/i;

export const TOKEN_USED = 'the session’s token is used';

/**
 * A header the command sets: an Authorization header is left out (the session's token is used), a JSON `Accept`
 * is what the console sends anyway, anything else is named. Answers the header's value when it is the
 * Content-Type, which decides what happens to the body.
 */
export function readHeader(read: CommandRead, name: string, value: string): string | null {
  if (/^authorization$/i.test(name)) read.notes.push(`The Authorization header was left out: ${TOKEN_USED}.`);
  else if (/^content-type$/i.test(name)) return value;
  else if (/^accept$/i.test(name)) {
    if (!JSON_TYPE.test(value) && value !== '*/*')
      read.notes.push(`Accept: ${value} was left out: the console asks for JSON.`);
  } else read.notes.push(`The header ${name} was left out: the console sends only its own headers.`);
  return null;
}

/**
 * Keeps the body only when the console can send it as the command would: a JSON text, under no Content-Type or a
 * JSON one. `program` names what sends a body of no Content-Type as form data (curl, PowerShell); what is
 * dropped is named.
 */
export function keepJsonBody(read: CommandRead, contentType: string | null, program: string | null) {
  if (contentType !== null && !JSON_TYPE.test(contentType)) {
    read.unread.push(`Content-Type: ${contentType} (the console sends JSON bodies only)`);
    read.body = null;
  } else if (read.body !== null && !isJsonText(read.body)) {
    read.unread.push(
      contentType === null && program !== null
        ? `the body: it is not JSON (${program} sends it as form data)`
        : 'the body: it is not JSON',
    );
    read.body = null;
  }
}
