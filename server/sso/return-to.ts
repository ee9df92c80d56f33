import { safeReturnPath } from '../../contract/return-path.ts';

/**
 * The console path to send the browser to after single sign-on, by the console's own rule (contract/return-path.ts),
 * or `/` for anything that rule refuses.
 */
export function safeReturnTo(raw: string): string {
  return safeReturnPath(raw) ?? '/';
}
