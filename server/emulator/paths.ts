import { apiBaseOf } from '../../contract/web-api/bases.ts';
import { IDP_MOUNT } from '../idp/mount-path.ts';

const under = (lower: string, prefix: string) => lower === prefix || lower.startsWith(`${prefix}/`);

/** Whether a lower-case path belongs to the emulator: its API (both bases, one set of data) or its identity provider. */
export function isEmulatorPath(lower: string): boolean {
  return apiBaseOf(lower) !== undefined || under(lower, IDP_MOUNT);
}
