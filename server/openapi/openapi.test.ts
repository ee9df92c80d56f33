import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../http/security-headers.ts';
import { expectApiError } from '../testing/api-error.ts';
import { send } from '../testing/http-client.ts';
import { useTestServer } from '../testing/use-test-server.ts';
import { EMULATOR_OPENAPI } from './description.ts';

const server = useTestServer();

interface Served {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
}

async function fetchDescription(path: string): Promise<Served> {
  const res = await send(server.origin, { path });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  for (const [name, value] of Object.entries(securityHeaders(false)))
    expect(res.headers[name.toLowerCase()], name).toBe(value);
  return JSON.parse(res.text) as Served;
}

/** Every operation of a description, as `METHOD /path/{param}`. */
function operations(paths: Served['paths']): string[] {
  return Object.entries(paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

describe('/TDWebApi/openapi.json', () => {
  it('is served under both bases, in any letter case, the same document', async () => {
    const production = await fetchDescription('/TDWebApi/openapi.json');
    expect(await fetchDescription('/SBTDWebApi/openapi.json')).toEqual(production);
    expect(await fetchDescription('/tdwebapi/OpenAPI.json')).toEqual(production);
    expect(production.openapi).toBe('3.1.0');
    expect(production.servers.map((s) => s.url)).toEqual(['/TDWebApi', '/SBTDWebApi']);
  });

  it('answers only GET (and HEAD)', async () => {
    const res = await send(server.origin, { method: 'POST', path: '/TDWebApi/openapi.json', body: '{}' });
    expectApiError(res, 405, 'method_not_allowed');
    expect((await send(server.origin, { method: 'HEAD', path: '/TDWebApi/openapi.json' })).status).toBe(200);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const served = await fetchDescription('/TDWebApi/openapi.json');
    const result = await new Validator().validate(served as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('describes every route the server has, and nothing more', async () => {
    const served = await fetchDescription('/TDWebApi/openapi.json');
    const routes = server.app.routes
      .flatMap((route) =>
        Object.keys(route.methods).map(
          (method) => `${method} ${route.path.replace(/:([^/]+)/g, (_, name: string) => `{${name}}`)}`,
        ),
      )
      .sort();
    expect(routes.length).toBeGreaterThanOrEqual(10);
    expect(operations(served.paths)).toEqual(routes);
  });

  it('gives the sign-ins form-encoded bodies as well as JSON, and the rate-limit headers on answers', () => {
    const login = EMULATOR_OPENAPI.paths['/api/auth/login'].post;
    expect(Object.keys(login.requestBody.content)).toContain('application/x-www-form-urlencoded');
    expect(Object.keys(login.responses['200'].headers)).toEqual([
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ]);
    expect(EMULATOR_OPENAPI.paths['/api/auth/loginsso'].get.responses).toHaveProperty('302');
    expect(EMULATOR_OPENAPI.components.schemas.ApiError.required).toEqual(['status', 'error', 'message']);
  });
});
