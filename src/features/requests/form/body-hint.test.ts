import { describe, expect, it } from 'vitest';
import { CATALOG } from '@contract/catalog/catalog-data';
import { bodyHint } from './body-hint';

const skeletonOf = (method: string, path: string) =>
  CATALOG.find((entry) => entry.method === method && entry.path === path)?.bodySkeleton;

describe('the body field’s hint', () => {
  it('says whether a body is sent', () => {
    expect(bodyHint('GET', '', undefined)).toBe('A GET request has no body.');
    expect(bodyHint('POST', ' ', undefined)).toBe('Empty: no body.');
    expect(bodyHint('POST', '{}', undefined)).toBe('Sent as the body, with Content-Type: application/json.');
  });

  it('names the required fields of the operation’s body, and what the list cannot say', () => {
    expect(bodyHint('POST', '{}', skeletonOf('POST', '/api/{appId}/tickets'))).toBe(
      'Sent as the body, with Content-Type: application/json. Required fields: TypeID, Title. An edit also needs PriorityID and RequestorUid, and sends the whole ticket: fields left out are cleared.',
    );
    expect(bodyHint('PATCH', '[]', skeletonOf('PATCH', '/api/people/{uid}'))).toMatch(
      /Required in each operation: op, path\. Custom attributes are addressed by ID/,
    );
    expect(bodyHint('POST', '{}', skeletonOf('POST', '/api/people/search'))).toBe(
      'Sent as the body, with Content-Type: application/json. No field is required.',
    );
  });
});
