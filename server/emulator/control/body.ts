import type { IncomingMessage } from 'node:http';
import { ApiError } from '../../http/errors.ts';
import { declaresNoBody, foldKeys, readJsonBody } from '../../http/body.ts';

/**
 * A control call's JSON object, keys folded to lower case as the API's own bodies are; an absent body is an empty
 * object. Any name outside `allowed` is refused, so that a misspelt option is never silently ignored.
 */
export async function readControlBody(
  req: IncomingMessage,
  allowed: readonly string[],
): Promise<Map<string, unknown>> {
  if (declaresNoBody(req)) return new Map();
  const body = foldKeys(await readJsonBody(req));
  for (const key of body.keys()) {
    if (!allowed.some((name) => name.toLowerCase() === key)) {
      throw new ApiError(
        400,
        'bad_request',
        `Unknown property "${key}": this call takes ${allowed.length > 0 ? allowed.join(', ') : 'no body'}.`,
      );
    }
  }
  return body;
}

/** A whole number property within bounds, or `fallback` when absent. */
export function wholeNumber(
  body: Map<string, unknown>,
  name: string,
  min: number,
  max: number,
  fallback: number | null,
): number | null {
  const value = body.get(name.toLowerCase());
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new ApiError(400, 'bad_request', `${name} must be a whole number from ${min} to ${max}.`);
  }
  return value;
}

/** A true/false property, or `fallback` when absent. */
export function booleanProperty(
  body: Map<string, unknown>,
  name: string,
  fallback: boolean | null,
): boolean | null {
  const value = body.get(name.toLowerCase());
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new ApiError(400, 'bad_request', `${name} must be true or false.`);
  return value;
}
