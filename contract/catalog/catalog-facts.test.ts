import { describe, expect, it } from 'vitest';
import { CATALOG } from './catalog-data.ts';
import type { CatalogEntry, DocumentedLimit } from './catalog-entry.ts';

const key = (entry: Pick<CatalogEntry, 'method' | 'path'>) => `${entry.method} ${entry.path}`;

function entryOf(method: string, path: string): CatalogEntry {
  const entry = CATALOG.find((candidate) => candidate.method === method && candidate.path === path);
  if (!entry) throw new Error(`no ${method} ${path} in the catalog`);
  return entry;
}

const limitOf = (method: string, path: string): DocumentedLimit => entryOf(method, path).limit;

describe('every operation of the catalog has its facts', () => {
  it('a summary in words, not its method and path again', () => {
    for (const entry of CATALOG) {
      expect(entry.summary, key(entry)).toMatch(/^[A-Z][a-z]/);
      expect(entry.summary, key(entry)).not.toContain(entry.path);
      expect(entry.summary.toLowerCase(), key(entry)).not.toContain(key(entry).toLowerCase());
    }
    expect(new Set(CATALOG.map((entry) => entry.summary)).size).toBeGreaterThan(CATALOG.length * 0.9);
  });

  it('a read or write class, where every GET and every search sent by POST reads', () => {
    for (const entry of CATALOG) {
      expect(['read', 'write'], key(entry)).toContain(entry.effect);
      if (entry.method === 'GET' || /\/search$/.test(entry.path))
        expect(entry.effect, key(entry)).toBe('read');
      if (['PUT', 'PATCH', 'DELETE'].includes(entry.method)) expect(entry.effect, key(entry)).toBe('write');
    }
    for (const path of [
      '/api/{appId}/tickets/search',
      '/api/people/search',
      '/api/{appId}/assets/search',
      '/api/groups/search',
      '/api/accounts/search',
      '/api/{appId}/tickets/searches/{searchId}/results',
    ])
      expect(entryOf('POST', path).effect, path).toBe('read');
    expect(entryOf('POST', '/api/{appId}/tickets').effect).toBe('write');
  });

  it('a limit with its calls, window and scope, or "not documented"', () => {
    for (const entry of CATALOG) {
      if (entry.limit === 'not documented') continue;
      expect(Number.isInteger(entry.limit.calls) && entry.limit.calls > 0, key(entry)).toBe(true);
      expect(Number.isInteger(entry.limit.windowSeconds) && entry.limit.windowSeconds > 0, key(entry)).toBe(
        true,
      );
      expect(['ip', 'user', 'organization'], key(entry)).toContain(entry.limit.scope);
    }
    const documented = CATALOG.filter((entry) => entry.limit !== 'not documented');
    expect(documented.length).toBeGreaterThan(140);
  });

  it('whole-record edits point at the PATCH of the same record', () => {
    const whole = CATALOG.filter((entry) => entry.replacesWhole).map(key);
    expect(whole).toEqual(
      expect.arrayContaining([
        'POST /api/{appId}/tickets/{id}',
        'POST /api/{appId}/assets/{id}',
        'POST /api/people/{uid}',
      ]),
    );
    for (const entry of CATALOG.filter((candidate) => candidate.patchPath !== undefined)) {
      expect(entry.replacesWhole, key(entry)).toBe(true);
      expect(entryOf('PATCH', entry.patchPath!).bodySkeleton?.kind).toBe('json-patch');
    }
  });

  it('body skeletons that parse, with every required field in them', () => {
    const withBodies = CATALOG.filter((entry) => entry.bodySkeleton !== undefined);
    for (const entry of withBodies) {
      const skeleton = entry.bodySkeleton!;
      const parsed = JSON.parse(skeleton.text) as unknown;
      const objects = (Array.isArray(parsed) ? parsed : [parsed]) as Record<string, unknown>[];
      for (const object of objects)
        for (const field of skeleton.required)
          expect(Object.keys(object), `${key(entry)} ${field}`).toContain(field);
    }
    const kindOf = (method: string, path: string) => entryOf(method, path).bodySkeleton?.kind;
    expect(kindOf('POST', '/api/{appId}/tickets')).toBe('ticket');
    expect(kindOf('POST', '/api/{appId}/tickets/{id}')).toBe('ticket');
    expect(kindOf('POST', '/api/{appId}/tickets/search')).toBe('ticket-search');
    expect(kindOf('POST', '/api/people/search')).toBe('person-search');
    expect(kindOf('POST', '/api/{appId}/assets')).toBe('asset');
    expect(kindOf('POST', '/api/{appId}/assets/search')).toBe('asset-search');
    expect(kindOf('POST', '/api/groups/search')).toBe('group-search');
    expect(kindOf('POST', '/api/accounts/search')).toBe('account-search');
    expect(kindOf('POST', '/api/{appId}/tickets/{id}/feed')).toBe('feed-entry');
    expect(kindOf('PATCH', '/api/people/{uid}')).toBe('json-patch');
    expect(new Set(withBodies.map((entry) => entry.bodySkeleton!.kind)).size).toBe(9);
    expect(entryOf('POST', '/api/{appId}/tickets').bodySkeleton?.required).toEqual(['TypeID', 'Title']);
    expect(entryOf('POST', '/api/{appId}/assets').bodySkeleton?.required).toEqual(['StatusID']);
  });
});

describe('the facts read from the sources', () => {
  it('ticket create: 30 calls per IP address every 60 seconds (the help, quoted on the vendor portal)', () => {
    expect(limitOf('POST', '/api/{appId}/tickets')).toEqual({ calls: 30, windowSeconds: 60, scope: 'ip' });
    expect(limitOf('GET', '/api/{appId}/tickets/{id}')).toEqual({
      calls: 60,
      windowSeconds: 60,
      scope: 'ip',
    });
  });

  it('the restricted people lookup: 10 calls per IP address every second', () => {
    expect(limitOf('GET', '/api/people/lookup')).toEqual({ calls: 10, windowSeconds: 1, scope: 'ip' });
  });

  it("a person's functional roles and groups: 180 calls per IP address every 60 seconds", () => {
    for (const [method, path] of [
      ['GET', '/api/people/{uid}/functionalroles'],
      ['PUT', '/api/people/{uid}/functionalroles/{roleId}'],
      ['DELETE', '/api/people/{uid}/functionalroles/{roleId}'],
      ['GET', '/api/people/{uid}/groups'],
      ['PUT', '/api/people/{uid}/groups/{groupID}'],
      ['DELETE', '/api/people/{uid}/groups/{groupID}'],
    ] as const)
      expect(limitOf(method, path), path).toEqual({ calls: 180, windowSeconds: 60, scope: 'ip' });
    expect(limitOf('POST', '/api/people')).toEqual({ calls: 45, windowSeconds: 60, scope: 'ip' });
  });

  it('bulk user management: 1 call per organization every 120 seconds', () => {
    for (const path of [
      '/api/people/bulk/applydashboard/{templateDashboardId}',
      '/api/people/bulk/applydesktop/{templateDesktopId}',
    ])
      expect(limitOf('POST', path)).toEqual({ calls: 1, windowSeconds: 120, scope: 'organization' });
  });

  it('Report Builder reports: limited per user, 45 calls every 60 seconds, 30 for one report', () => {
    expect(limitOf('GET', '/api/reports')).toEqual({ calls: 45, windowSeconds: 60, scope: 'user' });
    expect(limitOf('POST', '/api/reports/search')).toEqual({ calls: 45, windowSeconds: 60, scope: 'user' });
    expect(limitOf('GET', '/api/reports/{id}')).toEqual({ calls: 30, windowSeconds: 60, scope: 'user' });
  });

  it("methods past the start of the vendor's page, read from other copies of the help and a client", () => {
    const perIp = (calls: number) => ({ calls, windowSeconds: 60, scope: 'ip' });
    for (const [method, path] of [
      ['PUT', '/api/accounts/{id}'],
      ['POST', '/api/accounts/search'],
      ['GET', '/api/{appId}/assets/{id}'],
      ['PATCH', '/api/{appId}/assets/{id}'],
      ['DELETE', '/api/{appId}/assets/{id}'],
      ['GET', '/api/{appId}/cmdb/{id}'],
      ['PUT', '/api/{appId}/cmdb/{id}'],
      ['GET', '/api/{appId}/tickets/{ticketId}/tasks/{id}'],
      ['POST', '/api/{appId}/services'],
      ['PUT', '/api/{appId}/assets/contracts/{id}'],
      ['GET', '/api/projects/{id}'],
      ['POST', '/api/projects/{id}'],
      ['PATCH', '/api/projects/{id}'],
    ] as const)
      expect(limitOf(method, path), `${method} ${path}`).toEqual(perIp(60));
    expect(limitOf('PATCH', '/api/people/{uid}')).toEqual(perIp(45));
    expect(limitOf('DELETE', '/api/groups/{id}/applications')).toEqual(perIp(45));
    expect(limitOf('GET', '/api/projects/{projectId}/plans/{planId}/tasks/{taskId}')).toEqual(perIp(90));
    expect(limitOf('POST', '/api/projects/{projectId}/plans/{planId}/tasks/{taskId}')).toEqual(perIp(90));
  });

  it('counts: 141 operations with a documented limit, 255 not documented', () => {
    const scopes = CATALOG.map((entry) =>
      entry.limit === 'not documented' ? entry.limit : entry.limit.scope,
    );
    const count = (scope: string) => scopes.filter((candidate) => candidate === scope).length;
    expect([count('ip'), count('user'), count('organization'), count('not documented')]).toEqual([
      136, 3, 2, 255,
    ]);
  });

  it('limits that differ from the common 60 per 60 seconds elsewhere', () => {
    expect(limitOf('POST', '/api/{appId}/assets/statuses')).toEqual({
      calls: 60,
      windowSeconds: 10,
      scope: 'ip',
    });
    expect(limitOf('POST', '/api/groups')).toEqual({ calls: 45, windowSeconds: 60, scope: 'ip' });
    expect(limitOf('GET', '/api/auth/loginsso')).toBe('not documented');
  });
});
