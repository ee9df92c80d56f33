import { IDP_MOUNT } from '../idp/mount-path.ts';

/** The emulated Web API's bases, lower-case: production and sandbox, one set of data. */
const API_PREFIXES = ['/tdwebapi', '/sbtdwebapi'] as const;

const under = (lower: string, prefix: string) => lower === prefix || lower.startsWith(`${prefix}/`);

/** The API base a lower-case path lies under, if any. */
export function apiPrefix(lower: string): string | undefined {
  return API_PREFIXES.find((prefix) => under(lower, prefix));
}

/** Whether a lower-case path belongs to the emulator: its API (both bases) or its identity provider. */
export function isEmulatorPath(lower: string): boolean {
  return apiPrefix(lower) !== undefined || under(lower, IDP_MOUNT);
}
