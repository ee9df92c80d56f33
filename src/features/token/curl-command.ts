/** A curl command that calls getuser with the token; the token is redacted unless asked for. */
export function curlCommand(apiBase: string, token: string, reveal: boolean): string {
  const shown = reveal ? token : '<token>';
  return `curl -H 'Authorization: Bearer ${shown}' '${apiBase}/api/auth/getuser'`;
}
