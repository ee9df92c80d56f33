import { describe, expect, it } from 'vitest';
import type { Recording } from './recording-file.ts';
import { callKey, recordingId, recordingKey, rulesOf } from './request-key.ts';

function request(
  search: string,
  json: unknown,
): { call: Parameters<typeof callKey>[0]; recorded: Recording['request'] } {
  const body = Buffer.from(JSON.stringify(json));
  return {
    call: { method: 'POST', path: '/api/30/tickets/search', search, body, contentType: 'application/json' },
    recorded: {
      method: 'POST',
      path: '/api/30/tickets/search',
      query: [...new URLSearchParams(search)].sort(),
      body: { json },
      ignore: [],
    },
  };
}

describe('the key of a call and of its recording', () => {
  it.each([
    ['a short call', '', { SearchText: 'Printer' }],
    ['a short call with a query', '?b=2&a=1', { SearchText: 'Printer' }],
    ['a call past the plain key’s length', '?a=1', { SearchText: 'x'.repeat(2000) }],
  ])('agree for %s, and differ from another call’s', (_name, search, json) => {
    const { call, recorded } = request(search, json);
    const rules = rulesOf(recorded, new Set());
    expect(callKey(call, rules)).toBe(recordingKey(recorded, rules));
    const other = request(search, { ...json, StatusIDs: [1] });
    expect(callKey(other.call, rules)).not.toBe(recordingKey(recorded, rules));
  });

  it('writes the recording’s id as a SHA-256 digest, short or long', () => {
    for (const json of [{ SearchText: 'Printer' }, { SearchText: 'x'.repeat(2000) }]) {
      const { recorded } = request('', json);
      expect(recordingId(recorded, rulesOf(recorded, new Set()))).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});
