import type { IncomingMessage } from 'node:http';
import { JSON_TYPES } from '../http/body.ts';
import { ApiError } from '../http/errors.ts';
import { mediaType } from '../http/media-type.ts';

/** What browsers send for a request their user started (`none`) or this origin's own pages made. */
const OWN_SITE = new Set(['same-origin', 'none']);

/**
 * Refuses a request that a browser says another site's page made (`Sec-Fetch-Site` other than `same-origin` or
 * `none`; no page can set it). A request without it comes from no modern browser page: curl, a script.
 */
export function refuseOtherSite(req: IncomingMessage) {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && !OWN_SITE.has(site)) {
    throw new ApiError(
      403,
      'cross_site_request',
      'This request came from another site; the relay passes only requests of this console’s own pages.',
    );
  }
}

/**
 * Refuses a relayed request that any web page could send with a plain form and no preflight: a sign-in not sent
 * as JSON (whoever sends it), and any POST without an Authorization header (which no form can set) not sent as
 * JSON. The tenant itself takes form-encoded sign-ins, so without this a page on any site could spend its
 * sign-in budget, or try passwords, from this server's address.
 */
export function refuseFormSendable(req: IncomingMessage, method: string, signIn: boolean) {
  const formSendable = signIn || (method === 'POST' && req.headers.authorization === undefined);
  if (!formSendable || JSON_TYPES.has(mediaType(req.headers['content-type']).type)) return;
  throw new ApiError(
    415,
    'unsupported_media_type',
    signIn
      ? 'A sign-in through the relay must be sent as JSON (Content-Type application/json or text/json): the relay refuses what a web form could send.'
      : 'A POST through the relay without an Authorization header must be sent as JSON (Content-Type application/json or text/json): the relay refuses what a web form could send.',
  );
}
