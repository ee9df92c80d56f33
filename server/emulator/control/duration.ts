import { ApiError } from '../../http/errors.ts';

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };
/** A year and a day: far enough for any expiry or window, near enough that dates stay ordinary. */
const MAX_ADVANCE_SECONDS = 366 * 86_400;

function invalid(): ApiError {
  return new ApiError(
    400,
    'bad_request',
    `advance must be a duration such as "90s", "15m", "24h" or "2d", or a number of seconds, from 0 to ${MAX_ADVANCE_SECONDS} seconds.`,
  );
}

/** How far `{"advance": ...}` moves the clock, in milliseconds: "90s", "15m", "24h", "2d" or seconds. */
export function parseAdvance(value: unknown): number {
  let seconds: number;
  if (typeof value === 'number') {
    seconds = value;
  } else if (typeof value === 'string') {
    const match = /^(\d{1,9})(s|m|h|d)$/.exec(value.trim());
    if (!match) throw invalid();
    seconds = Number(match[1]) * UNIT_SECONDS[match[2]!]!;
  } else {
    throw invalid();
  }
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > MAX_ADVANCE_SECONDS) throw invalid();
  return Math.round(seconds * 1000);
}

/** What `{"offsetSeconds": n}` sets the clock's offset to, in milliseconds: a number of seconds either way. */
export function parseOffset(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > MAX_ADVANCE_SECONDS) {
    throw new ApiError(
      400,
      'bad_request',
      `offsetSeconds must be a number of seconds from -${MAX_ADVANCE_SECONDS} to ${MAX_ADVANCE_SECONDS} (0: real time).`,
    );
  }
  return Math.round(value * 1000);
}
