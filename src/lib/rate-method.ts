import { isGuid } from '@contract/is-guid';

/** A path segment that is a value, not a word: a number, a GUID, or a `{name}` placeholder. */
const isValue = (segment: string) => isGuid(segment) || /^\d+$/.test(segment) || /^\{[^{}]*\}$/.test(segment);

/**
 * The key rate limits are counted by: method and path, with values folded, e.g. `GET people/{id}`; a value that
 * opens the path is the application's id, as in every such route of the Web API (`GET {appId}/tickets/{id}`). Apart
 * from the API client: the sign-in page needs this, and the client, which its first visit has no use for, came
 * with it.
 */
export function rateMethodOf(method: string, path: string): string {
  const segments = path
    .split('?')[0]!
    .split('/')
    .filter((s) => s !== '' && s.toLowerCase() !== 'api')
    .map((s, i) => (isValue(s) ? (i === 0 && !isGuid(s) ? '{appId}' : '{id}') : s.toLowerCase()));
  return `${method} ${segments.join('/')}`;
}
