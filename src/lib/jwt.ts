import { InvalidTokenError, jwtDecode } from 'jwt-decode';

export interface TokenClaims {
  unique_name?: string;
  iss?: string;
  aud?: string | string[];
  nbf?: number;
  exp?: number;
  [claim: string]: unknown;
}

export interface DecodedToken {
  header: Record<string, unknown>;
  claims: TokenClaims;
  /** Expiry in ms since the epoch; null when `exp` is missing or not a finite number. */
  expiresAt: number | null;
  notBefore: number | null;
}

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

function seconds(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value * 1000 : null;
}

/** Decodes (does not verify: only the server can) a JWT; null when it is not one. */
export function decodeToken(token: string): DecodedToken | null {
  if (!JWT_SHAPE.test(token)) return null;
  try {
    const header = jwtDecode<Record<string, unknown>>(token, { header: true });
    const claims = jwtDecode<TokenClaims>(token);
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return null;
    return { header, claims, expiresAt: seconds(claims.exp), notBefore: seconds(claims.nbf) };
  } catch (error) {
    if (error instanceof InvalidTokenError) return null;
    throw error;
  }
}
