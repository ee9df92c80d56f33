import { nameSegment } from '@contract/web-api/path-template';

/**
 * The key rate limits are counted by: method and path, ids folded and named by the one template rule, e.g.
 * `GET people/{id}`, `GET {appId}/tickets/{id}`. Apart from the API client: the sign-in page needs this, and the
 * client, which its first visit has no use for, came with it.
 */
export function rateMethodOf(method: string, path: string): string {
  const segments = path
    .split('?')[0]!
    .split('/')
    .filter((s) => s !== '' && s.toLowerCase() !== 'api')
    .map(nameSegment);
  return `${method} ${segments.join('/')}`;
}
