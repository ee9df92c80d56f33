/** The servers Playwright starts for the e2e run (see playwright.config.ts), each on its own port. */
export const MAIN_PORT = 18080;
export const MAIN_ORIGIN = `http://127.0.0.1:${MAIN_PORT}`;

/** A second server with a tiny rate limit, so a spec can reach 429 without exhausting the main one. */
export const LIMITED_PORT = 18081;
export const LIMITED_ORIGIN = `http://127.0.0.1:${LIMITED_PORT}`;
export const LIMITED_RATE = 3;

/** The main server relays to the second one under this name, as it would to a real tenant. */
export const RELAY_NAME = 'second';
