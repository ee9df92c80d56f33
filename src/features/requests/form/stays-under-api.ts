/**
 * Whether the URL the api client will fetch for `path` (`base` + `path`, as it joins them) lies under the
 * connection's `/api/` once the browser has parsed it: the browser reads `\` as `/`, `%2e` as a dot, and resolves
 * dot segments, so only its own parser can tell.
 */
export function staysUnderApi(base: string, path: string, documentUrl = window.location.href): boolean {
  try {
    const root = new URL(`${base}/api/`, documentUrl);
    const target = new URL(`${base}${path}`, documentUrl);
    return target.origin === root.origin && target.pathname.startsWith(root.pathname);
  } catch {
    return false;
  }
}
