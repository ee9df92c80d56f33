import type { ApiAnswer } from '@/lib/api-client';
import type { Connection } from '@/lib/connection';
import { cleanTokenText } from '@/lib/token-text';

export interface IssuedToken {
  token: string;
  /** The server's clock when it answered (from the Date header), ms, or null. */
  serverDate: number | null;
  /** Where the token was issued (or verified): the session it starts belongs to this connection. */
  connection: Connection;
}

/** A login's answer: the bare JWT as text/plain (tolerating a JSON-quoted string, as some proxies turn it). */
export function issuedTokenFrom(answer: ApiAnswer, connection: Connection): IssuedToken {
  const { body } = answer;
  const raw =
    body.type === 'text' ? body.text : body.type === 'json' && typeof body.data === 'string' ? body.data : '';
  return { token: cleanTokenText(raw), serverDate: answer.serverDate, connection };
}
