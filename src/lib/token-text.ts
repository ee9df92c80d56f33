/**
 * Token text as people paste it or as a login answers it: surrounding whitespace and quotes, and an
 * `Authorization:` or `Bearer` prefix, removed in whatever order they were wrapped.
 */
export function cleanTokenText(text: string): string {
  let token = text.trim();
  for (;;) {
    const before = token;
    token = token.replace(/^Authorization\s*:\s*/i, '').replace(/^Bearer\s+/i, '');
    if (token.length >= 2 && /^(["'`]).*\1$/s.test(token)) token = token.slice(1, -1);
    token = token.trim();
    if (token === before) return token;
  }
}
