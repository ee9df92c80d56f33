import { ConfigError } from './config-error.ts';
import { quoted } from './url-setting.ts';

const YES = new Set(['1', 'true', 'yes', 'on']);
const NO = new Set(['0', 'false', 'no', 'off']);

/**
 * The one reader of every yes/no setting: `1`, `true`, `yes`, `on` and `0`, `false`, `no`, `off`, in any letter
 * case; unset or blank is `unset`. Anything else stops the start naming the setting (`name`), rather than be read
 * as either.
 */
export function yesNo(name: string, raw: string | undefined, unset: boolean): boolean {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '') return unset;
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  throw new ConfigError(
    `${name} must be yes or no: 1, true, yes or on; 0, false, no or off, in any letter case ${quoted(raw ?? '')}.`,
  );
}
