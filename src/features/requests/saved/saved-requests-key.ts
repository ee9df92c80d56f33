/** The one localStorage key the console writes: saved requests, which hold nothing secret. */
export const SAVED_REQUESTS_KEY = 'auth-console.saved-requests';
