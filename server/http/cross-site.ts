import type { IncomingMessage } from 'node:http';
import { isTls } from './cookies.ts';
import { ApiError } from './errors.ts';

/** What browsers send for a request their user started themselves (`none`) or this origin's own pages made. */
const OWN_SITE = new Set(['same-origin', 'none']);

/**
 * Refuses a request another site's page made the browser send: browsers name the sender in `Sec-Fetch-Site` and
 * `Origin`, and neither can be set by a page. A request with neither comes from no browser page (curl, a script,
 * a test process), so no other site can be riding on this browser. The one rule of the SSO sign-out and the
 * test-control API; refused before the request's body is read.
 */
export function refuseCrossSite(req: IncomingMessage, publicOrigin: string) {
  const site = req.headers['sec-fetch-site'];
  const origin = req.headers.origin;
  const ownOrigins = [publicOrigin, `${isTls(req) ? 'https' : 'http'}://${req.headers.host ?? ''}`];
  const crossSite =
    (site !== undefined && !OWN_SITE.has(site)) || (origin !== undefined && !ownOrigins.includes(origin));
  if (crossSite) {
    req.resume();
    throw new ApiError(
      403,
      'cross_site_request',
      'This request came from another site; only pages of this server may send it.',
      { 'Cache-Control': 'no-store' },
    );
  }
}
