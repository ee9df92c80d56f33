import type { IncomingMessage } from 'node:http';
import { noteUser } from '../http/request-notes.ts';
import type { Reply } from '../http/router.ts';
import type { UserRow } from '../store/rows.ts';
import type { Users } from '../store/users.ts';
import { tokenSubject } from './token-subject.ts';
import type { Tokens } from './tokens.ts';

/**
 * A sign-in's answer, whichever way the user signed in (password, admin key, single sign-on): as the real service
 * answers, the bare token as text/plain (no quotes, no newline), never cached.
 */
export async function tokenAnswer(
  req: IncomingMessage,
  user: UserRow,
  deps: { tokens: Tokens; users: Users },
): Promise<Reply> {
  const subject = tokenSubject(deps.users, user);
  const token = await deps.tokens.issue(subject);
  noteUser(req, subject.username);
  return { status: 200, text: token, headers: { 'Cache-Control': 'no-store' } };
}
