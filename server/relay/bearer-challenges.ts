const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[^"\\\\]|\\\\.)*"';
const TOKEN68 = '[A-Za-z0-9._~+/-]+=*';
const PARAM = `${TOKEN}[ \\t]*=[ \\t]*(?:${TOKEN}|${QUOTED})`;
const PARAMS = `${PARAM}(?:[ \\t]*,[ \\t]*${PARAM})*`;
/** One challenge (RFC 9110 §11.3): a scheme, then auth-params or a token68, at the start of what is left. */
const CHALLENGE = new RegExp(`^(${TOKEN})(?: +(?:${PARAMS}|${TOKEN68}(?=[ \\t]*(?:,|$))))?`);
const SEPARATOR = /^[ \t]*,[ \t]*/;

/** The challenges of one `WWW-Authenticate` value, or null when it does not parse as a challenge list. */
function challengesOf(value: string): { scheme: string; text: string }[] | null {
  const found: { scheme: string; text: string }[] = [];
  let rest = value.trim();
  while (rest !== '') {
    const match = CHALLENGE.exec(rest);
    if (!match) return null;
    found.push({ scheme: match[1]!.toLowerCase(), text: match[0] });
    rest = rest.slice(match[0].length);
    if (rest === '') break;
    const separator = SEPARATOR.exec(rest);
    if (!separator) return null;
    rest = rest.slice(separator[0].length);
  }
  return found;
}

/**
 * Only a tenant's Bearer challenges may pass the relay: a `Basic` (or any other) challenge would make the
 * browser show its own login prompt on this origin. Values that do not parse are dropped whole, since what they
 * hide cannot be told; undefined when nothing is left.
 */
export function bearerChallenges(values: readonly string[]): string | undefined {
  const kept = values
    .flatMap((value) => challengesOf(value) ?? [])
    .filter((challenge) => challenge.scheme === 'bearer')
    .map((challenge) => challenge.text);
  return kept.length ? kept.join(', ') : undefined;
}
