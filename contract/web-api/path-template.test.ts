import { describe, expect, it } from 'vitest';
import { CATALOG } from '../catalog/catalog-data.ts';
import {
  comparePrecedence,
  foldSegment,
  isParameter,
  nameSegment,
  matchesPattern,
  operationOf,
  patternOf,
  templateOf,
} from './path-template.ts';

const GUID = '5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f10';

describe('the one path-template rule', () => {
  it.each([
    ['/api/30/tickets/12', '/api/{id}/tickets/{id}'],
    ['/api/{appId}/tickets/{id}', '/api/{id}/tickets/{id}'],
    [`/api/people/${GUID}`, '/api/people/{id}'],
    [`/api/people/${GUID.toUpperCase()}`, '/api/people/{id}'],
    ['/api/people/{uid}', '/api/people/{id}'],
    ['/API/People/Lookup', '/api/people/lookup'],
    ['/api/people/lookup/', '/api/people/lookup'],
    ['/api//accounts//42', '/api/accounts/{id}'],
    ['/api/12a/x-1', '/api/12a/x-1'],
    ['/api/-1/1.5', '/api/-1/1.5'],
    ['', '/'],
  ])('folds %s to %s', (path, template) => {
    expect(templateOf(path)).toBe(template);
  });

  it('gives a concrete call and the catalog template it is an operation of one operation', () => {
    expect(operationOf('get', '/api/30/tickets/12')).toBe(operationOf('GET', '/api/{appId}/tickets/{id}'));
    expect(operationOf('GET', '/api/people/lookup')).not.toBe(operationOf('GET', '/api/people/{uid}'));
    expect(operationOf('GET', '/api/30/tickets/12')).not.toBe(operationOf('POST', '/api/30/tickets/12'));
  });

  it.each([
    ['/api/31/tickets/5', '{appId}/tickets/{id}'],
    ['/api/{appId}/tickets/{id}', '{appId}/tickets/{id}'],
    [`/api/${GUID}/tickets`, '{id}/tickets'],
    ['/api/people/{uid}', 'people/{id}'],
    ['/api/People/Lookup', 'people/lookup'],
  ])('names the segments of %s below /api/ as %s', (path, named) => {
    const segments = path.split('/').slice(2);
    expect(segments.map(nameSegment).join('/')).toBe(named);
    expect(segments.map(foldSegment).join('/')).toBe(named.replace('{appId}', '{id}'));
  });

  it('writes parameters as {name} only', () => {
    expect(['{id}', '{appId}', '{}'].every(isParameter)).toBe(true);
    expect([':uid', 'id', '{a/b}', '{{x}}', 'x{id}'].some(isParameter)).toBe(false);
    expect(foldSegment('{appId}')).toBe('{id}');
    expect(foldSegment(':uid')).toBe(':uid');
  });

  it('matches a concrete path to a template segment by segment, literals in any letter case', () => {
    const pattern = patternOf('/api/{appId}/Tickets/{id}');
    expect(pattern).toEqual(['api', null, 'tickets', null]);
    expect(matchesPattern(pattern, ['API', '30', 'tickets', '12'])).toBe(true);
    expect(matchesPattern(pattern, ['api', '30', 'tickets'])).toBe(false);
    expect(matchesPattern(pattern, ['api', '30', 'assets', '12'])).toBe(false);
  });

  it('puts a literal before a parameter, from the left, as ASP.NET routes', () => {
    const byPrecedence = ['/api/people/{uid}', '/api/people/userlist', '/api/{appId}/tickets/search']
      .map(patternOf)
      .sort(comparePrecedence);
    expect(byPrecedence).toEqual([
      ['api', 'people', 'userlist'],
      ['api', 'people', null],
      ['api', null, 'tickets', 'search'],
    ]);
  });

  it('reads every catalog template: its pattern has exactly its named parameters', () => {
    for (const entry of CATALOG) {
      expect(
        patternOf(entry.path).filter((literal) => literal === null),
        entry.path,
      ).toHaveLength(entry.pathParams.length);
    }
  });
});
