import { describe, expect, it } from 'vitest';
import { wholeEditOf } from './whole-edit-entry';

describe('the whole-record edits of the catalog', () => {
  it('finds the ticket, asset and person edits, filled in or as templates, with their PATCH', () => {
    expect(wholeEditOf('POST', '/api/31/tickets/12')?.patchPath).toBe('/api/{appId}/tickets/{id}');
    expect(wholeEditOf('post', '/api/{appId}/assets/{id}')?.patchPath).toBe('/api/{appId}/assets/{id}');
    expect(wholeEditOf('POST', '/api/people/c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8?x=1')?.patchPath).toBe(
      '/api/people/{uid}',
    );
  });

  it('finds nothing for a create, a read or a PATCH', () => {
    expect(wholeEditOf('POST', '/api/people')).toBeUndefined();
    expect(wholeEditOf('GET', '/api/people/c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8')).toBeUndefined();
    expect(wholeEditOf('PATCH', '/api/31/tickets/12')).toBeUndefined();
  });
});
