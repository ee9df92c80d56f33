import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The sandbox's bearer token: shaped as the Web API's (a JWT), so that nothing can tell it from a real one. */
export const SANDBOX_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJqZG9lQHNhbmRib3guZWR1In0.Zm9yZ2VkLXNhbmRib3gtc2lnbmF0dXJlLTQ3MTE';
export const SANDBOX_SIGNATURE = SANDBOX_TOKEN.split('.')[2]!;
export const SANDBOX_PASSWORD = 'Sandbox-Pass-2026';

/** An answer a test scripts for one call (its method and lower-case path below the base). */
interface ScriptedAnswer {
  status: number;
  /** The answer's bytes as sent, or JSON (serialized compactly). */
  body: string | Buffer | { json: unknown };
  contentType?: string;
  headers?: Record<string, string>;
}

export interface StandInTenant {
  /** Its Web API base, e.g. http://127.0.0.1:41234/TDWebApi */
  base: string;
  /** What a ticket's title is now: changed by a test to see the latest answer win. */
  title: string;
  /**
   * Answers a test scripted, by `METHOD /api/…` (lower-case path, no query), given to any caller with the
   * sandbox's token; they win over the tenant's own routes.
   */
  scripted: Map<string, ScriptedAnswer>;
  /** How many calls reached it, sign-ins included. */
  calls: number;
  /** The bearer tokens it takes: the sandbox's, and any a test adds. */
  tokens: Set<string>;
  stop(): Promise<void>;
}

function sendScripted(res: ServerResponse, scripted: ScriptedAnswer) {
  const { body } = scripted;
  const bytes = Buffer.isBuffer(body)
    ? body
    : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body.json));
  res.writeHead(scripted.status, {
    'Content-Type': scripted.contentType ?? 'application/json; charset=utf-8',
    'Content-Length': bytes.length,
    ...scripted.headers,
  });
  res.end(bytes);
}

interface Ticket {
  ID: number;
  Title: string;
  Requestor: { FullName: string; PrimaryEmail: string };
  /** A field the tenant never should have put there, named as a secret. */
  ServiceAccessToken: string;
  Notes: string;
}

/**
 * A sandbox tenant for the recording tests, answering what the emulator does not: `GET api/{appId}/tickets/{id}`
 * and `POST api/{appId}/tickets/search` (by its body), paths compared without case as the service does, each only
 * with the sandbox's bearer token; `POST api/auth/login` hands that token out for its password.
 */
export async function startStandInTenant(): Promise<StandInTenant> {
  const tenant = {
    title: 'Printer on fire',
    scripted: new Map<string, ScriptedAnswer>(),
    calls: 0,
    tokens: new Set([SANDBOX_TOKEN]),
  };
  const ticket = (id: number): Ticket => ({
    ID: id,
    Title: id === 12 ? tenant.title : `Ticket ${id}`,
    Requestor: { FullName: 'Jane Doe', PrimaryEmail: 'jane.doe@sandbox.edu' },
    ServiceAccessToken: 'svc-secret-value-0042',
    Notes: `Opened with ${SANDBOX_TOKEN}`,
  });
  const server = createServer((req, res) => {
    tenant.calls++;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => {
        const text = typeof body === 'string' ? body : JSON.stringify(body);
        res.writeHead(status, {
          'Content-Type': typeof body === 'string' ? 'text/plain' : 'application/json; charset=utf-8',
          'X-RateLimit-Limit': '60',
          'X-RateLimit-Remaining': '59',
          'X-RateLimit-Reset': 'Mon, 02 Mar 2026 12:01:00 GMT',
        });
        res.end(text);
      };
      const path = (req.url ?? '/').split('?')[0]!.toLowerCase();
      const body = Buffer.concat(chunks).toString('utf8');
      if (req.method === 'POST' && path === '/tdwebapi/api/auth/login') {
        const sent = JSON.parse(body) as { password?: string };
        answer(sent.password === SANDBOX_PASSWORD ? 200 : 401, SANDBOX_TOKEN);
        return;
      }
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (token === undefined || !tenant.tokens.has(token)) {
        answer(401, { Message: 'Authorization has been denied for this request.' });
        return;
      }
      const scripted = tenant.scripted.get(`${req.method} ${path.replace(/^\/(?:sb)?tdwebapi/, '')}`);
      if (scripted) {
        sendScripted(res, scripted);
        return;
      }
      const byId = /^\/tdwebapi\/api\/\d+\/tickets\/(\d+)$/.exec(path);
      if (req.method === 'GET' && byId) {
        answer(200, ticket(Number(byId[1])));
        return;
      }
      if (req.method === 'POST' && /^\/tdwebapi\/api\/\d+\/tickets\/search$/.test(path)) {
        const search = JSON.parse(body) as { SearchText?: string };
        answer(
          200,
          [12, 13].map(ticket).filter((t) => t.Title.includes(search.SearchText ?? '')),
        );
        return;
      }
      answer(404, { Message: 'No HTTP resource was found that matches the request URI.' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(tenant, {
    base: `http://127.0.0.1:${port}/TDWebApi`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
