import { expect } from 'vitest';
import type { ApiErrorBody, ApiErrorCode } from '../../contract/wire.ts';
import type { RawResponse } from './http-client.ts';

/** Text that would show the server's insides: stack frames, source paths, module names. */
const LEAKS = [
  /^\s*at /m,
  /\bat .+:\d+:\d+/,
  /\/work\//,
  /\.ts:\d/,
  /\.ts\b/,
  /node:internal/,
  /node_modules/,
  /Error:/,
];

/** Asserts that a text names nothing internal. */
export function expectNoLeak(text: string) {
  for (const pattern of LEAKS) expect(text, `leaks ${String(pattern)}`).not.toMatch(pattern);
}

/** Asserts the emulator's error shape: JSON `{status, error, message}`, the status repeated, nothing internal. */
export function expectApiError(res: RawResponse, status: number, code?: ApiErrorCode): ApiErrorBody {
  const { text } = res;
  expect(res.status, text).toBe(status);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = JSON.parse(text) as ApiErrorBody;
  expect(Object.keys(body).sort()).toEqual(['error', 'message', 'status']);
  expect(body.status).toBe(status);
  expect(typeof body.error).toBe('string');
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  if (code) expect(body.error).toBe(code);
  expectNoLeak(text);
  return body;
}
