import type { Route } from '../http/router.ts';
import { EMULATOR_OPENAPI } from './description.ts';

/** Served below each base (`/TDWebApi/openapi.json`, `/SBTDWebApi/openapi.json`), outside the API's own paths. */
export const OPENAPI_PATH = '/openapi.json';

export function openApiRoute(): Route {
  const text = JSON.stringify(EMULATOR_OPENAPI);
  return {
    path: OPENAPI_PATH,
    methods: {
      GET: { handler: () => ({ status: 200, jsonText: text, headers: { 'Cache-Control': 'no-cache' } }) },
    },
  };
}
