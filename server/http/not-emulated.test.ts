import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../contract/catalog/catalog-data.ts';
import { expectApiError } from '../testing/api-error.ts';
import { send } from '../testing/http-client.ts';
import { login, DEMO } from '../testing/start-server.ts';
import { useTestServer } from '../testing/use-test-server.ts';
import { notEmulated } from './not-emulated.ts';
import { comparePrecedence, patternOf, type Pattern } from '../../contract/web-api/path-template.ts';

const server = useTestServer();

const call = (method: string, path: string, headers: Record<string, string> = {}) =>
  send(server.origin, { method, path, headers });

describe('a Web API endpoint the emulator does not implement', () => {
  it('answers 404 not_emulated naming the area and the catalog endpoint', async () => {
    const body = expectApiError(await call('GET', '/TDWebApi/api/42/tickets/1234'), 404, 'not_emulated');
    expect(body.message).toContain('the Tickets area (GET /api/{appId}/tickets/{id})');
    expect(body.message).not.toContain('1234');
  });

  it('does so under the sandbox base too, in any letter case, and for HEAD', async () => {
    expectApiError(await call('POST', '/SBTDWebApi/api/42/Tickets/Search'), 404, 'not_emulated');
    const head = await call('HEAD', '/TDWebApi/api/accounts');
    expect(head.status).toBe(404);
  });

  it('prefers the literal template: /tickets/search is not a ticket id', async () => {
    const body = expectApiError(await call('POST', '/TDWebApi/api/42/tickets/search'), 404, 'not_emulated');
    expect(body.message).toContain('(POST /api/{appId}/tickets/search)');
  });

  it('names every catalog method of the path when the request method is none of them', async () => {
    const body = expectApiError(await call('DELETE', '/TDWebApi/api/accounts'), 404, 'not_emulated');
    expect(body.message).toContain('(GET, POST /api/accounts)');
  });

  it('says "this endpoint of" an area the emulator implements in part', async () => {
    const body = expectApiError(await call('POST', '/TDWebApi/api/people/import'), 404, 'not_emulated');
    expect(body.message).toContain('this endpoint of the People area (POST /api/people/import)');
  });

  it('leaves a path in no catalog entry a not_found, and a wrong method on a route not in the catalog a 405', async () => {
    expectApiError(await call('GET', '/TDWebApi/api/nosuchthing/7'), 404, 'not_found');
    expectApiError(await call('GET', '/TDWebApi/api/42/tickets/1/2/3/4'), 404, 'not_found');
    const res = await call('DELETE', '/TDWebApi/api/people/lookup');
    expectApiError(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toBe('GET');
  });

  it('still answers the endpoints it implements', async () => {
    const token = await login(server.api, DEMO.jdoe);
    const res = await call('GET', '/TDWebApi/api/auth/getuser', { Authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
  });
});

/**
 * A path both patterns match: each segment the catalog entry's literal, else the route's, else a value of a
 * parameter; null when a literal of one is not the other's.
 */
function pathOfBoth(entry: Pattern, route: Pattern): string | null {
  const segments: string[] = [];
  for (let i = 0; i < entry.length; i++) {
    const [a, b] = [entry[i], route[i]];
    if (a !== null && b !== null && a !== b) return null;
    segments.push(a ?? b ?? 'c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8');
  }
  return `/${segments.join('/')}`;
}

describe('a catalog endpoint with a fixed segment where an emulated route takes a parameter', () => {
  it('is routed as the real service routes it: the literal segment wins, the left-most difference decides', async () => {
    const token = await login(server.api, DEMO.jdoe);
    const routes = server.app.routes.map((route) => patternOf(route.path));
    const cases = CATALOG.filter((entry) => !entry.emulated).flatMap((entry) => {
      const pattern = patternOf(entry.path);
      return routes
        .filter(
          (route) =>
            route.length === pattern.length && route.some((s, i) => s === null && pattern[i] !== null),
        )
        .flatMap((route) => {
          const path = pathOfBoth(pattern, route);
          return path === null ? [] : [{ entry, path, catalogFirst: comparePrecedence(pattern, route) < 0 }];
        });
    });
    // GET /api/people/userlist among them, which teamdynamix-api calls; and ones the route rightly keeps.
    expect(cases.map(({ entry, path }) => `${entry.method} ${path}`)).toContain('GET /api/people/userlist');
    expect(cases.some(({ catalogFirst }) => !catalogFirst)).toBe(true);
    for (const { entry, path, catalogFirst } of cases) {
      const res = await call(entry.method, `/TDWebApi${path}`, { Authorization: `Bearer ${token}` });
      const said = `${entry.method} ${path} (catalog ${entry.path}): ${res.status} ${res.text}`;
      const namesEntry = res.text.includes(`${entry.path})`) && res.text.includes('not_emulated');
      expect(namesEntry, said).toBe(catalogFirst);
      if (catalogFirst) expect(res.status, said).toBe(404);
    }
  });
});

describe('notEmulated', () => {
  const lookup = notEmulated(CATALOG);

  it('finds every catalog entry the emulator does not implement, and none it does', () => {
    for (const entry of CATALOG) {
      const segments = entry.path
        .split('/')
        .filter((s) => s !== '')
        .map((s) => (s.startsWith('{') ? 'x1' : s));
      // An emulated entry is its route's: the router hands over that route, which takes its method.
      const routed = entry.emulated ? { pattern: patternOf(entry.path), allowsMethod: true } : null;
      const found = lookup(entry.method, segments, routed)?.();
      if (entry.emulated) expect(found, `${entry.method} ${entry.path}`).toBeUndefined();
      else expect(found?.code, `${entry.method} ${entry.path}`).toBe('not_emulated');
    }
  });

  it('never repeats what the request put in the path', () => {
    const templates = CATALOG.filter((entry) => !entry.emulated);
    fc.assert(
      fc.property(
        fc.constantFrom(...templates),
        fc.array(fc.string({ minLength: 8, maxLength: 20 }), { minLength: 5, maxLength: 5 }),
        (entry, values) => {
          let next = 0;
          const segments = entry.path
            .split('/')
            .filter((s) => s !== '')
            .map((s) => (s.startsWith('{') ? `v${values[next++]!}` : s.toUpperCase()));
          const found = lookup(entry.method, segments, null)?.();
          expect(found?.code).toBe('not_emulated');
          for (const value of values.slice(0, next)) expect(found!.message).not.toContain(`v${value}`);
        },
      ),
      { numRuns: 300 },
    );
  });
});
