import { CodeBlock } from '@/components/code-block';
import { ACCEPT } from '@/lib/api-client';
import { maskBody } from '@/lib/mask-body';
import { authCallOf } from '@contract/web-api/auth-calls';
import type { BuiltRequest } from '../form/request-form';

/** What will be sent, as HTTP: the Authorization header redacted, secrets in the body masked. */
export function RequestPreview({ base, request }: { base: string; request: BuiltRequest }) {
  const lines = [`${request.method} ${base}${request.path}`, `Accept: ${ACCEPT}`];
  if (!authCallOf(request.method, request.path, 'strict').signIn)
    lines.push('Authorization: Bearer <redacted>');
  if (request.bodyText !== undefined) lines.push('Content-Type: application/json');
  const text =
    request.bodyText !== undefined
      ? `${lines.join('\n')}\n\n${maskBody(request.bodyText, 2).text}`
      : lines.join('\n');
  return (
    <CodeBlock label="Request preview" maxHeight={320}>
      {text}
    </CodeBlock>
  );
}
