/**
 * The one rule by which user names and e-mail addresses are the same identity: trimmed, NFKC-normalized and
 * case-folded in full, on both sides of every comparison (stored names and e-mail addresses as well as the
 * identity provider's claim). So `ÉLODIE@example.org` matches `élodie@example.org`, `STRASSE` matches `straße`,
 * and the Kelvin sign (U+212A) is the letter K, for stored names too, not only for claims.
 */
export function foldIdentity(text: string): string {
  let folded = text;
  // JavaScript has no case folding of its own: upper then lower case maps ß to ss, ſ to s and the like, and the
  // final sigma is folded by hand. Repeated until stable, as one round can expose another mapping (or a space).
  for (let round = 0; round < 3; round++) {
    const next = folded
      .normalize('NFKC')
      .toUpperCase()
      .toLowerCase()
      .replace(/ς/g, 'σ')
      .normalize('NFKC')
      .trim();
    if (next === folded) break;
    folded = next;
  }
  return folded;
}
