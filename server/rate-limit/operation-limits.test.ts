import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../contract/catalog/catalog-data.ts';
import { EMULATOR_LIMIT, OperationLimits } from './operation-limits.ts';

describe('OperationLimits: each operation’s limit from the catalog’s facts', () => {
  const limits = new OperationLimits(CATALOG, null);

  it('gives an operation its documented limit and scope, by its template or its folded template', () => {
    const ticketCreate = { limit: 30, windowMs: 60_000, scope: 'ip', source: 'documented' };
    expect(limits.of('POST', '/api/{appId}/tickets')).toEqual(ticketCreate);
    expect(limits.of('post', '/API/{id}/Tickets')).toEqual(ticketCreate);
    expect(limits.of('GET', '/api/people/lookup')).toMatchObject({ limit: 10, windowMs: 1000, scope: 'ip' });
    expect(limits.of('POST', '/api/people')).toMatchObject({ limit: 45, windowMs: 60_000 });
    expect(limits.of('GET', '/api/reports')).toMatchObject({ limit: 45, windowMs: 60_000, scope: 'user' });
    expect(limits.of('POST', '/api/people/bulk/applydashboard/{id}')).toMatchObject({
      limit: 1,
      windowMs: 120_000,
      scope: 'organization',
    });
  });

  it('finds the catalog’s template of a path whose literal segments name a parameter’s value', () => {
    // A recorded `POST /api/people/jdoe` (no GUID) is `/api/people/{uid}`; `lookup` stays the literal route, which wins.
    expect(limits.of('POST', '/api/people/jdoe')).toEqual(limits.of('POST', '/api/people/{uid}'));
    expect(limits.of('POST', '/api/people/jdoe')).toMatchObject({ limit: 45, source: 'documented' });
    expect(limits.of('GET', '/api/people/LOOKUP')).toMatchObject({ limit: 10, windowMs: 1000 });
  });

  it('gives the emulator’s own limit where none is documented, and to paths the catalog does not list', () => {
    const undocumented = CATALOG.find((entry) => entry.limit === 'not documented')!;
    expect(limits.of(undocumented.method, undocumented.path)).toBe(EMULATOR_LIMIT);
    expect(limits.of('GET', '/api/auth/loginsso/callback')).toBe(EMULATOR_LIMIT);
    expect(limits.own).toEqual({ limit: 60, windowMs: 60_000, scope: 'ip', source: 'emulator' });
  });

  it('with RATE_LIMIT, puts its figure per 60 s in place of every limit, each keeping its scope', () => {
    const overridden = new OperationLimits(CATALOG, 5);
    const override = { limit: 5, windowMs: 60_000, source: 'RATE_LIMIT' };
    expect(overridden.of('GET', '/api/people/lookup')).toEqual({ ...override, scope: 'ip' });
    expect(overridden.of('GET', '/api/reports')).toEqual({ ...override, scope: 'user' });
    expect(overridden.of('POST', '/api/people/bulk/applydesktop/{id}')).toEqual({
      ...override,
      scope: 'organization',
    });
    expect(overridden.own).toEqual({ ...override, scope: 'ip' });
  });
});
