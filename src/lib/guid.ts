import { isGuid } from '@contract/is-guid';

export type GuidCheck = { ok: true; value: string } | { ok: false; message: string };

/**
 * Accepts a GUID as administrators copy it: surrounding spaces, braces and any letter case; returns the
 * canonical lower-case 8-4-4-4-12 form, or what is wrong with it.
 */
export function checkGuid(input: string, label: string): GuidCheck {
  let value = input.trim();
  if (value === '') return { ok: false, message: `Enter the ${label}.` };
  if (value.startsWith('{') !== value.endsWith('}')) {
    return { ok: false, message: `The ${label} has an unmatched brace.` };
  }
  if (value.startsWith('{')) value = value.slice(1, -1).trim();
  if (/[^0-9a-f-]/i.test(value)) {
    return {
      ok: false,
      message: `The ${label} may contain only the digits 0-9, the letters a-f and hyphens.`,
    };
  }
  if (value.replace(/-/g, '').length !== 32) {
    return {
      ok: false,
      message: `The ${label} must have 32 hexadecimal digits (it has ${value.replace(/-/g, '').length}).`,
    };
  }
  if (!isGuid(value)) {
    return {
      ok: false,
      message: `The ${label} must be grouped 8-4-4-4-12, like 00000000-0000-0000-0000-000000000000.`,
    };
  }
  return { ok: true, value: value.toLowerCase() };
}
