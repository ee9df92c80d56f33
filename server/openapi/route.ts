import type { Route } from '../http/router.ts';

/** Served below each base (`/TDWebApi/openapi.json`, `/SBTDWebApi/openapi.json`), outside the API's own paths. */
const OPENAPI_PATH = '/openapi.json';

export function openApiRoute(description: object): Route {
  const text = JSON.stringify(description);
  return {
    path: OPENAPI_PATH,
    methods: {
      GET: { handler: () => ({ status: 200, jsonText: text, headers: { 'Cache-Control': 'no-cache' } }) },
    },
  };
}
