/**
 * How a variable is written: `{{name}}`, the name of letters, digits, `_`, `-` and `.`, spaces inside the braces
 * ignored (`{{ appId }}` is `{{appId}}`). Anything else in double braces (`{{$guid}}`, `{{}}`) is a reference the
 * console cannot fill, and so is never sent.
 */
export const VARIABLE_NAME = /^[A-Za-z0-9_.-]{1,100}$/;

/** Any `{{…}}`: a variable's reference, or text in double braces that would be sent as it is. */
export const REFERENCE = /\{\{([^{}]*)\}\}/g;

/** The variable a reference's inside names (`appId` of ` appId `), or null when it names none. */
export function referencedName(inside: string): string | null {
  const name = inside.trim();
  return VARIABLE_NAME.test(name) ? name : null;
}

/** Whether a text holds a `{{…}}`. */
export function holdsReference(text: string): boolean {
  return text.includes('{{') && /\{\{[^{}]*\}\}/.test(text);
}

/** Whether a text is one variable's reference and nothing else (`{{password}}`): a name, never a secret value. */
export function isReferenceOnly(text: string): boolean {
  const match = /^\{\{([^{}]*)\}\}$/.exec(text.trim());
  return match !== null && referencedName(match[1]!) !== null;
}
