/**
 * The key a user is found by: the user name trimmed and lower-cased (locale-independent), the same on every path
 * (sign-in, a token's `unique_name`, People, realm imports) and in the `username_key` column. Plain lower case, not
 * the identity rule of single sign-on (`foldIdentity`): it keeps the keys already stored valid, and is how the real
 * service's case-insensitive matching behaves; that no two users share a name under the broader rule either is
 * checked when a user is written.
 */
export function userNameKey(userName: string): string {
  return userName.trim().toLowerCase();
}
