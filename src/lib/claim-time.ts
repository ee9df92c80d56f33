/** The registered JWT claims that hold a time: seconds since the epoch (RFC 7519 NumericDate). */
export const TIME_CLAIMS: readonly string[] = ['exp', 'nbf', 'iat'];

export interface ClaimTime {
  /** In this browser's time zone and locale. */
  local: string;
  /** RFC 7231 form, as the Web API's Date and X-RateLimit-Reset headers write it. */
  utc: string;
}

/** A NumericDate as local and UTC text; null when the value is not one. */
export function claimTime(seconds: unknown): ClaimTime | null {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return null;
  const date = new Date(seconds * 1000);
  if (Number.isNaN(date.getTime())) return null;
  return { local: date.toLocaleString(), utc: date.toUTCString() };
}
