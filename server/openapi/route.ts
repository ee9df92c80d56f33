/**
 * The openapi room: the emulator's OpenAPI description (description.ts, with control-description.ts while the
 * control API is on) and the route that serves it below each base. statuses.test.ts holds it to the routes'
 * answers.
 */
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
