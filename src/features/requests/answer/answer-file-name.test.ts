import { describe, expect, it } from 'vitest';
import { answerFileName } from './answer-file-name';

describe('answerFileName', () => {
  it.each([
    ['GET people/lookup', 'csv', 'people-lookup.csv'],
    ['GET people/{id}', 'json', 'people-id.json'],
    ['GET ../..//\\:*?', 'json', 'answer.json'],
    [`GET ${'.'.repeat(10_000)}x`, 'json', 'answer.json'],
  ] as const)('%s', (rateMethod, extension, name) => {
    expect(answerFileName(rateMethod, extension)).toBe(name);
  });
});
