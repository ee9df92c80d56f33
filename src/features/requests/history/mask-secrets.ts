import { maskBody } from '@/lib/mask-body';
import { isSecretName, MASKED_SECRET } from '@/lib/secret-fields';
import type { RequestForm } from '../form/request-form';

/** The form as it may be kept or copied: secrets in its body and query masked, and whether anything was. */
export function maskForm(form: RequestForm): { form: RequestForm; masked: boolean } {
  const body = maskBody(form.body, 2);
  let masked = body.masked;
  const query = form.query.map((row) => {
    if (!isSecretName(row.name) || row.value === '') return row;
    masked = true;
    return { ...row, value: MASKED_SECRET };
  });
  return { form: { ...form, body: body.text, query }, masked };
}
