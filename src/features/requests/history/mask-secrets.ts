import { maskBody } from '@/lib/mask-body';
import { isSecretName, MASKED_SECRET } from '@contract/secret-fields';
import { requestTarget, type BuiltRequest, type RequestForm } from '../form/request-form';

/**
 * The form as it may be kept or copied: secrets in its body, its query rows and its path parameters masked (by
 * their names, `isSecretName`), and whether anything was.
 */
export function maskForm(form: RequestForm): { form: RequestForm; masked: boolean } {
  const body = maskBody(form.body, 2);
  let masked = body.masked;
  const safe = (name: string, value: string) => {
    if (!isSecretName(name) || value === '') return value;
    masked = true;
    return MASKED_SECRET;
  };
  const query = form.query.map((row) => ({ ...row, value: safe(row.name, row.value) }));
  const pathValues = Object.fromEntries(
    Object.entries(form.pathValues).map(([name, value]) => [name, safe(name, value)]),
  );
  return { form: { ...form, body: body.text, query, pathValues }, masked };
}

/**
 * A request built from `form`, as it may be kept or copied: when a secret was masked, built again from the masked
 * form (its path parameters, query and body), so the request and the form it came from agree.
 */
export function maskRequest(
  form: RequestForm,
  request: BuiltRequest,
): { form: RequestForm; request: BuiltRequest; masked: boolean } {
  const { form: safe, masked } = maskForm(form);
  if (!masked) return { form: safe, request, masked };
  return {
    form: safe,
    request: {
      method: request.method,
      path: requestTarget(safe),
      ...(request.bodyText !== undefined ? { bodyText: safe.body } : {}),
    },
    masked,
  };
}
