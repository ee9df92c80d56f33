import type { BuiltRequest } from '../form/request-form';

/** Whether two requests send the same call: method, path with its query, and body, as built to be sent. */
export function sameRequest(a: BuiltRequest, b: BuiltRequest): boolean {
  return a.method === b.method && a.path === b.path && a.bodyText === b.bodyText;
}
