import { CodeBlock } from '@/components/code-block';
import { CopyButton } from '@/components/copy-button';
import { JsonTree } from '@/components/json-tree/json-tree';
import type { RawAnswer } from '@/lib/api-client';

/** The answer's body: JSON as a collapsible tree, any other text as it came. */
export function ResponseBody({ answer }: { answer: RawAnswer }) {
  if (answer.body.type === 'empty') return <em>No body.</em>;
  if (answer.body.type === 'json') return <JsonTree value={answer.body.data} label="Response body" />;
  return (
    <>
      <CopyButton text={answer.text} label="Copy body" sx={{ mb: 1 }} />
      <CodeBlock label="Response body" maxHeight={480}>
        {answer.text}
      </CodeBlock>
    </>
  );
}
