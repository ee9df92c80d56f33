/**
 * The Web API's two bases: each tenant (and this emulator) answers its production data under `/TDWebApi` and its
 * sandbox under `/SBTDWebApi`. Matched in any letter case, as the service matches them.
 */
export const PRODUCTION_BASE = '/TDWebApi';
export const SANDBOX_BASE = '/SBTDWebApi';
export const API_BASES = [PRODUCTION_BASE, SANDBOX_BASE] as const;

export type ApiBase = (typeof API_BASES)[number];

/** The base a path (from `/` on) lies under, in any letter case, spelled as the service spells it. */
export function apiBaseOf(path: string): ApiBase | undefined {
  const lower = path.toLowerCase();
  return API_BASES.find((base) => {
    const prefix = base.toLowerCase();
    return lower === prefix || lower.startsWith(`${prefix}/`);
  });
}

/** Whether a base URL (`/SBTDWebApi` here, or a tenant's `https://…/SBTDWebApi`) is a sandbox's. */
export function isSandboxBase(url: string): boolean {
  return url.toLowerCase().endsWith(SANDBOX_BASE.toLowerCase());
}

/**
 * The same tenant's other base: a base URL or path ending in `/TDWebApi` with `/SBTDWebApi` in its place, and the
 * other way round (letter case aside); undefined for one that ends in neither, such as a relay's `/relay/acme`.
 */
export function otherBaseOf(base: string): string | undefined {
  const trimmed = base.replace(/\/+$/, '');
  const lower = trimmed.toLowerCase();
  const [from, to] = lower.endsWith(SANDBOX_BASE.toLowerCase())
    ? [SANDBOX_BASE, PRODUCTION_BASE]
    : lower.endsWith(PRODUCTION_BASE.toLowerCase())
      ? [PRODUCTION_BASE, SANDBOX_BASE]
      : [null, null];
  if (from === null) return undefined;
  return `${trimmed.slice(0, trimmed.length - from.length)}${to}`;
}
