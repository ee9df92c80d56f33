import type { IncomingMessage } from 'node:http';
import { isTls } from '../http/cookies.ts';
import { ApiError } from '../http/errors.ts';

/**
 * Refuses a request another site's page made the browser send: browsers name the sender in `Sec-Fetch-Site` and
 * `Origin` on every POST, and neither can be set by a page. A request with neither comes from no browser page
 * (curl, a script), so no other site can be riding on this browser's cookies.
 */
export function refuseCrossSite(req: IncomingMessage, publicOrigin: string) {
  const site = req.headers['sec-fetch-site'];
  const origin = req.headers.origin;
  const ownOrigins = [publicOrigin, `${isTls(req) ? 'https' : 'http'}://${req.headers.host ?? ''}`];
  const crossSite =
    (site !== undefined && site !== 'same-origin') || (origin !== undefined && !ownOrigins.includes(origin));
  if (crossSite) {
    throw new ApiError(
      403,
      'cross_site_request',
      'This request came from another site; only pages of this server may send it.',
      { 'Cache-Control': 'no-store' },
    );
  }
}
