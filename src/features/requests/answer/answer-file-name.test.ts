import { describe, expect, it } from 'vitest';
import { rateMethodOf } from '@/lib/rate-method';
import { answerFileName } from './answer-file-name';

describe('answerFileName', () => {
  it.each([
    ['GET people/lookup', 'csv', 'people-lookup.csv'],
    ['GET people/{id}', 'json', 'people-id.json'],
    ['POST {appId}/tickets/search', 'csv', 'tickets-search.csv'],
    ['GET {appId}/tickets/{id}', 'json', 'tickets-id.json'],
    ['GET ../..//\\:*?', 'json', 'answer.json'],
    [`GET ${'.'.repeat(10_000)}x`, 'json', 'answer.json'],
  ] as const)('%s', (rateMethod, extension, name) => {
    expect(answerFileName(rateMethod, extension)).toBe(name);
  });

  it('names a download of POST /api/31/tickets/search for what it is, not for an id', () => {
    expect(answerFileName(rateMethodOf('POST', '/api/31/tickets/search'), 'csv')).toBe('tickets-search.csv');
  });
});
