import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RawAnswer } from '@/lib/api-client';
import { AnswerView } from './answer-view';

function answerWith(headers: [string, string][]): RawAnswer {
  const text = '{"ID":12}';
  return {
    status: 200,
    base: '/TDWebApi',
    rateMethod: 'GET {appId}/tickets/{id}',
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

  it('names a refusal by the relay’s own sign-in limit as the relay’s, its rate limit too', () => {
    const answer = {
      ...answerWith([
        ['x-ratelimit-limit', '10'],
        ['x-relay-limit', 'sign-ins'],
      ]),
      status: 429,
      rateLimit: { limit: 10, remaining: 0, resetAt: Date.parse('2026-03-02T12:01:00Z') },
    };
    render(<AnswerView answer={answer} waiting />);
    expect(screen.getByText(/^Refused by this server’s relay, not by the tenant\./)).toHaveTextContent(
      'of 10 calls a minute for each person',
    );
    expect(screen.getByText('0 of 10 left (the relay’s own limit)')).toBeInTheDocument();
  });

  it('says nothing of the relay for the tenant’s own 429', () => {
    const answer = {
      ...answerWith([['x-ratelimit-limit', '60']]),
      status: 429,
      rateLimit: { limit: 60, remaining: 0, resetAt: Date.parse('2026-03-02T12:01:00Z') },
    };
    render(<AnswerView answer={answer} waiting />);
    expect(screen.queryByText(/relay/)).toBeNull();
    expect(screen.getByText('0 of 60 left')).toBeInTheDocument();
  });
});
