import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRequestFormStore } from '../form/form-store';
import { GET_USER_FORM, type FormErrors } from '../form/request-form';
import { BODY_CHECK_DELAY_MS, RequestFormFields } from './request-form-fields';

const BASES = { own: 'https://a.example/TDWebApi', accepted: ['https://a.example/TDWebApi'] };
const body = () => screen.getByLabelText('JSON body');
const type = (text: string) => fireEvent.change(body(), { target: { value: text } });
const NOT_JSON = 'Not valid JSON at line 1, column 6: expected a value, the text ends too early.';

beforeEach(() => {
  vi.useFakeTimers();
  useRequestFormStore.getState().load({ ...GET_USER_FORM, method: 'POST', path: 'people' });
});
afterEach(() => vi.useRealTimers());

describe('the body field, as it is typed', () => {
  it('flags a body that is not JSON once typing pauses, and clears the flag as soon as the body is right', () => {
    render(<RequestFormFields errors={{}} bases={BASES} />);
    type('{"a":');
    expect(body()).not.toHaveAccessibleDescription(NOT_JSON);
    act(() => {
      vi.advanceTimersByTime(BODY_CHECK_DELAY_MS - 1);
    });
    expect(body()).not.toHaveAccessibleDescription(NOT_JSON);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(body()).toHaveAccessibleDescription(NOT_JSON);
    expect(body()).toHaveAttribute('aria-invalid', 'true');

    // Still wrong: the flag stays, and follows the text.
    type('{"a": ');
    expect(body()).toHaveAccessibleDescription(
      'Not valid JSON at line 1, column 7: expected a value, the text ends too early.',
    );
    type('{"a": 1}');
    expect(body()).toHaveAccessibleDescription('Sent as the body, with Content-Type: application/json.');
  });

  it('reads a variable outside quotes as a value: a body that is JSON once filled in is not flagged', () => {
    render(<RequestFormFields errors={{}} bases={BASES} />);
    type('{"ID": {{id}}, "Name": "{{name}}"}');
    act(() => {
      vi.advanceTimersByTime(BODY_CHECK_DELAY_MS);
    });
    expect(body()).toHaveAccessibleDescription('Sent as the body, with Content-Type: application/json.');
    type('{"ID": {{id}},');
    act(() => {
      vi.advanceTimersByTime(BODY_CHECK_DELAY_MS);
    });
    expect(body()).toHaveAttribute('aria-invalid', 'true');
  });

  it('flags a body on a GET as soon as the method is switched, and keeps what Send said for the body it checked', () => {
    const sent: FormErrors = { body: 'The body is 70.0 KB: too large.' };
    const { rerender } = render(<RequestFormFields errors={{}} bases={BASES} />);
    type('{"a": 1}');
    act(() => {
      vi.advanceTimersByTime(BODY_CHECK_DELAY_MS);
    });
    rerender(<RequestFormFields errors={sent} bases={BASES} />);
    expect(body()).toHaveAccessibleDescription('The body is 70.0 KB: too large.');
    type('{"a": 2}');
    expect(body()).toHaveAccessibleDescription('Sent as the body, with Content-Type: application/json.');
    act(() => useRequestFormStore.getState().setForm({ method: 'GET' }));
    expect(body()).toHaveAccessibleDescription('A GET request has no body: empty it or pick another method.');
  });
});
