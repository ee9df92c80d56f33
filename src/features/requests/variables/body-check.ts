import { checkJsonBody } from '../form/json-body';
import { bodyReferences, bodyWithStandIns } from './body-template';

/**
 * Why a body that uses variables is not JSON: where it breaks as typed (its references read as values), or, when
 * it is JSON as typed, that a value placed outside quotes is not a JSON value. Never the values themselves.
 */
export function templateBodyProblem(written: string): string {
  const check = checkJsonBody(bodyWithStandIns(written));
  if (!check.ok) return check.message;
  const outside = [
    ...new Set(
      bodyReferences(written)
        .filter((ref) => !ref.inString)
        .map((ref) => `{{${ref.inside.trim()}}}`),
    ),
  ];
  const names = outside.length === 0 ? 'its variables' : outside.join(', ');
  return `The body is not JSON once ${names} ${outside.length === 1 ? 'is' : 'are'} filled in: a variable outside quotes is placed as written, so its value must be JSON (a number, true, false or null); put it in quotes to send text.`;
}
