/** The localStorage key of the saved requests, which hold nothing secret. */
export const SAVED_REQUESTS_KEY = 'auth-console.saved-requests';
