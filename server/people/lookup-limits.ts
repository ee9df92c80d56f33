/**
 * `maxResults` of `GET /api/people/lookup`: how many records one call may ask for, and how many it gets when it
 * does not say. The route checks it, the OpenAPI description states it (pure data: scripts read it too).
 */
export const LOOKUP_MAX_RESULTS = { min: 1, max: 100, default: 50 } as const;
