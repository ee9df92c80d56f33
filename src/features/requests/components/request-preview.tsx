import { CodeBlock } from '@/components/code-block';
import { ACCEPT } from '@/lib/api-client';
import { authCallOf } from '@contract/web-api/auth-calls';
import type { BuiltRequest } from '../form/request-form';

/**
 * What will be sent, as HTTP, from the request as it may be shown (its description's `kept`, secrets masked): the
 * Authorization header redacted.
 */
export function RequestPreview({
  base,
  request,
  label = 'Request preview',
}: {
  base: string;
  request: BuiltRequest;
  label?: string;
}) {
  const lines = [`${request.method} ${base}${request.path}`, `Accept: ${ACCEPT}`];
  if (!authCallOf(request.method, request.path, 'strict').signIn)
    lines.push('Authorization: Bearer <redacted>');
  if (request.bodyText !== undefined) lines.push('Content-Type: application/json');
  const text =
    request.bodyText !== undefined ? `${lines.join('\n')}\n\n${request.bodyText}` : lines.join('\n');
  return (
    <CodeBlock label={label} maxHeight={320}>
      {text}
    </CodeBlock>
  );
}
