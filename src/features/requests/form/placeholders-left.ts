import { ownValue } from '@/lib/own-value';
import { MASKED_SECRET } from '@contract/secret-fields';
import { holdsReference } from '../variables/variable-syntax';
import { bodyField } from '../variables/resolve-variables';
import { placeholdersOf, type FormErrors, type RequestForm } from './request-form';

const MASK_IN_URL = /%3credacted%3e/i;

/** What a text holds that is a placeholder, not data: the console's mask, or a `{{…}}` (a value of a variable's). */
function placeholderIn(text: string, url = false): string | null {
  if (text.includes(MASKED_SECRET) || (url && MASK_IN_URL.test(text)))
    return `${MASKED_SECRET}, the console’s mark for a secret it did not keep: type the value (or a variable) in its place`;
  if (holdsReference(text)) return 'a {{…}} that no variable filled, which would go out as text';
  return null;
}

interface Place {
  /** The key path (`Password`, `Attributes[0].Value`); '' for the whole body. */
  at: string;
  holds: string;
}

/** Where in a JSON value strings hold a placeholder (the first five), and what. */
function placesInJson(value: unknown): Place[] {
  const found: Place[] = [];
  const stack: { value: unknown; at: string }[] = [{ value, at: '' }];
  while (stack.length > 0 && found.length < 5) {
    const { value: v, at } = stack.pop()!;
    const holds = typeof v === 'string' ? placeholderIn(v) : null;
    if (holds) found.push({ at, holds });
    else if (Array.isArray(v))
      stack.push(...(v as unknown[]).map((item, i) => ({ value: item, at: `${at}[${i}]` })).reverse());
    else if (typeof v === 'object' && v !== null)
      stack.push(
        ...Object.entries(v as Record<string, unknown>)
          .map(([key, item]) => ({ value: item, at: at === '' ? key : `${at}.${key}` }))
          .reverse(),
      );
  }
  return found;
}

function bodyPlaces(body: string): Place[] {
  try {
    return placesInJson(JSON.parse(body));
  } catch {
    const holds = placeholderIn(body);
    return holds ? [{ at: '', holds }] : [];
  }
}

/**
 * Placeholders the resolved form would send as data (issue 38: an imported `"Password": "<redacted>"` and an
 * unfilled `{{email}}` went to production as text): the console's `<redacted>` mask or a `{{…}}`, in the path, a
 * path parameter's value, a sent query row, or the body (named by its key path). Null when there are none.
 */
export function placeholdersLeft(form: RequestForm): FormErrors | null {
  const errors: FormErrors = {};
  const pathHolds = placeholderIn(form.path, true);
  if (pathHolds) errors.path = `The path holds ${pathHolds}.`;
  for (const name of placeholdersOf(form.path)) {
    const holds = placeholderIn(ownValue(form.pathValues, name) ?? '');
    if (holds) (errors.pathValues ??= {})[name] = `The value of {${name}} holds ${holds}.`;
  }
  form.query.forEach((row, index) => {
    if (row.name.trim() === '' || row.value === '') return;
    const name = placeholderIn(row.name);
    const value = placeholderIn(row.value);
    const label = `Query parameter ${index + 1}`;
    if (name || value)
      (errors.query ??= {})[String(row.id)] = {
        ...(name ? { name: `${label}’s name holds ${name}.` } : {}),
        ...(value ? { value: `${label}’s value holds ${value}.` } : {}),
      };
  });
  const places = bodyPlaces(form.body);
  if (places.length > 0)
    errors.body = places.map(({ at, holds }) => `${bodyField(at)} holds ${holds}.`).join(' ');
  return errors.path || errors.pathValues || errors.query || errors.body ? errors : null;
}
