import type { Reply } from '../http/router.ts';
import { TENANT_CONTENT_CSP } from '../http/security-headers.ts';
import type { OnBehalfOf } from '../sso/on-behalf-of.ts';
import type { MissRelay } from './replay-routes.ts';

/** The request headers a relayed miss carries besides the tenant's token: what the relay passes on. */
const PASSED = ['content-type', 'accept'] as const;

type Fetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: Buffer },
) => Promise<Response>;

export interface MissDeps {
  /** The relay tenant the misses go to (REPLAY_MISSES). */
  tenant: string;
  /** That tenant's bearer token (REPLAY_TENANT_TOKEN): the caller's own is this emulator's, unknown there. */
  token: string;
  /** This server's origin, and a fetch that reaches it over loopback (the embedded provider's way in too). */
  origin: () => string;
  fetch: () => Fetch;
  onBehalfOf: OnBehalfOf;
}

/**
 * REPLAY_MISSES: a call no recording answers goes to the sandbox through this server's own relay, so that every
 * rule of the relay holds for it (paths, headers, limits counted on the caller, the tenant's exhaustion) and its
 * recorder writes it into REPLAY_DIR, where replay answers the same call from then on.
 */
export function relayMisses(deps: MissDeps): MissRelay {
  return async (req, call, segments, caller) => {
    const below = segments.map((segment) => encodeURIComponent(segment)).join('/');
    const headers: Record<string, string> = { Authorization: `Bearer ${deps.token}` };
    for (const name of PASSED) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const url = `${deps.origin()}/relay/${deps.tenant}/${below}${call.search}`;
    const answer = await deps.onBehalfOf.run(caller, () =>
      deps.fetch()(url, {
        method: call.method,
        headers,
        ...(call.method === 'GET' ? {} : { body: call.body }),
      }),
    );
    const reply: Reply = {
      status: answer.status,
      raw: Buffer.from(await answer.arrayBuffer()),
      contentType: answer.headers.get('content-type'),
      headers: {
        'X-Emulator-Relayed': '1',
        // As the relay sent it: the tenant's content never acts with this origin's rights.
        'Content-Security-Policy': answer.headers.get('content-security-policy') ?? TENANT_CONTENT_CSP,
        ...(answer.headers.has('retry-after') ? { 'Retry-After': answer.headers.get('retry-after')! } : {}),
      },
    };
    return reply;
  };
}
