/**
 * The largest request body this server reads, in bytes: its emulator's API and its relay alike (the relay's own
 * limit, not a tenant's). The console checks a body against it before sending.
 */
export const MAX_BODY_BYTES = 64 * 1024;
