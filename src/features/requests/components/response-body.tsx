import Box from '@mui/material/Box';
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
      <Box
        component="pre"
        tabIndex={0}
        aria-label="Response body"
        sx={{
          m: 0,
          p: 2,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontSize: 13,
          maxHeight: 480,
          overflow: 'auto',
        }}
      >
        {answer.text}
      </Box>
    </>
  );
}
