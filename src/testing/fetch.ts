import { vi } from 'vitest';
import type { ApiErrorBody, ApiErrorCode, ConnectionsAnswer, RelayedTenant } from '@contract/wire';

export interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A tenant as `GET /relay` lists it: `https://<name>.teamdynamix.com/TDWebApi`, its label its name. */
export function relayTenant(name: string, more: Partial<RelayedTenant> = {}): RelayedTenant {
  const upstream = more.upstream ?? `https://${name}.teamdynamix.com/TDWebApi`;
  return {
    name,
    label: name,
    base: `/relay/${name}`,
    upstream,
    organization: new URL(upstream).host,
    ...more,
  };
}

/**
 * Replaces the global fetch (which the console's API client calls) with `answer`, and records every request.
 * The list of connections (`GET /relay`) is answered with the emulator's own and `relays` (or as `connections`
 * says) and not recorded, since the tests are about the calls to the Web API. Undo with `vi.unstubAllGlobals()`.
 */
export function stubFetch(
  answer: (request: SentRequest) => Response | Promise<Response>,
  { relays = [], connections }: { relays?: unknown[]; connections?: Partial<ConnectionsAnswer> } = {},
) {
  const sent: SentRequest[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>((input, init) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: SentRequest = {
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body,
    };
    if (request.url === '/relay')
      return Promise.resolve(
        jsonAnswer({ emulator: true, default: 'emulator', tenants: relays, ...connections }),
      );
    sent.push(request);
    return Promise.resolve(answer(request));
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, sent };
}

export function textAnswer(text: string, headers: Record<string, string> = {}) {
  return new Response(text, {
    status: 200,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', Date: new Date().toUTCString(), ...headers },
  });
}

export function jsonAnswer(data: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(data), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

/** An error answer with the emulator's JSON error body. */
export function errorAnswer(
  status: number,
  error: ApiErrorCode,
  message: string,
  headers: Record<string, string> = {},
) {
  return jsonAnswer({ status, error, message } satisfies ApiErrorBody, status, headers);
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
