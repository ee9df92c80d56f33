import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RawAnswer } from '@/lib/api-client';
import { AnswerView } from './answer-view';

function answerWith(headers: [string, string][]): RawAnswer {
  const text = '{"ID":12}';
  return {
    status: 200,
    base: '/TDWebApi',
    rateMethod: 'GET 30/tickets/{id}',
    ms: 5,
    size: text.length,
    headers,
    rateLimit: null,
    resetAt: null,
    text,
    body: { type: 'json', data: { ID: 12 } },
    serverDate: null,
    error: null,
  };
}

describe('AnswerView', () => {
  it('marks an answer the emulator replayed from a recording', () => {
    render(<AnswerView answer={answerWith([['x-emulator-replayed', '1']])} />);
    expect(screen.getByText(/^Replayed from a recording/)).toBeInTheDocument();
  });

  it('marks no other answer', () => {
    render(<AnswerView answer={answerWith([['content-type', 'application/json']])} />);
    expect(screen.queryByText(/Replayed from a recording/)).toBeNull();
  });
});
