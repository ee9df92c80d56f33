/** What stands in for a secret in anything kept or copied. */
export const MASKED_SECRET = '<redacted>';

/**
 * Where a name splits into words: at anything that is not a letter or digit, at a change from lower case or a digit
 * to upper case (`accessToken`), at the end of a run of capitals (`APIKey`), and between letters and digits.
 */
const WORD_BREAK =
  /[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])/;

/**
 * How a word that says secret ends, for names written in one case (`accesstoken`, `WEBSERVICESKEY`). A bare `key`
 * is a word of its own (`api_key`, `X-Api-Key`), never a mere ending: `monkey` and `keyword` are not secrets.
 */
const SECRET_ENDING = /(token|secret|password|passwd|apikey|accesskey|secretkey|privatekey|serviceskey)$/;

function isSecretWord(word: string): boolean {
  const lower = word.toLowerCase();
  return lower === 'key' || SECRET_ENDING.test(lower);
}

/**
 * Names whose values never leave the console in a copy, the history or storage: any name with a word that says
 * secret, in any letter case (`password`, `WebServicesKey`, `token`, `accessToken`, `api_key`, `X-API-KEY`,
 * `client_secret`, `apikey`). Not `keyword`, `monkey`, `passwords` or `tokens`. Text that is not JSON is read by
 * the same rule: it may hold a secret when one of its words says so.
 */
export function isSecretName(name: string): boolean {
  return name.split(WORD_BREAK).some(isSecretWord);
}
