import Box from '@mui/material/Box';
import { CopyButton } from '@/components/copy-button';
import type { RawAnswer } from '@/lib/api-client';

const PRE = {
  m: 0,
  p: 2,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  bgcolor: 'action.hover',
  borderRadius: 1,
  fontSize: 13,
  maxHeight: 480,
  overflow: 'auto',
} as const;

/** The answer's body: JSON laid out, any other text as it came. */
export function ResponseBody({ answer }: { answer: RawAnswer }) {
  if (answer.body.type === 'empty') return <em>No body.</em>;
  const text = answer.body.type === 'json' ? JSON.stringify(answer.body.data, null, 2) : answer.text;
  return (
    <>
      <CopyButton text={answer.text} label="Copy body" sx={{ mb: 1 }} />
      <Box component="pre" tabIndex={0} aria-label="Response body" sx={PRE}>
        {text}
      </Box>
    </>
  );
}
