import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { CodeBlock } from '@/components/code-block';
import { CopyButton } from '@/components/copy-button';
import { JsonTree } from '@/components/json-tree/json-tree';
import type { RawAnswer } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { answerFileName } from '../answer/answer-file-name';
import { isRecordList, recordsToCsv } from '../answer/records-csv';
import { useUseAsVariable } from './use-as-variable';

/** How much of a text the screen shows: more would hold the page up; copies and downloads give all of it. */
export const SHOWN_TEXT = 100_000;

type View = 'tree' | 'pretty' | 'raw';

const VIEWS: [View, string][] = [
  ['tree', 'Tree'],
  ['pretty', 'Pretty'],
  ['raw', 'Raw'],
];

/** A text as it is, cut short past `SHOWN_TEXT` (saying so), with a copy of all of it. */
function TextView({ text, label }: { text: string; label: string }) {
  const cut = text.length > SHOWN_TEXT;
  return (
    <>
      <CopyButton text={text} label="Copy body" sx={{ mb: 1 }} />
      {cut && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Showing the first {SHOWN_TEXT.toLocaleString('en-US')} of {text.length.toLocaleString('en-US')}{' '}
          characters: copy or download it for all of it.
        </Typography>
      )}
      <CodeBlock label={label} maxHeight={480}>
        {cut ? `${text.slice(0, SHOWN_TEXT)}…` : text}
      </CodeBlock>
    </>
  );
}

/**
 * The answer's body: JSON as a collapsible, searchable tree, indented ("pretty") or as it came ("raw"), to
 * download as JSON, and as CSV when it is a list of records, any value of it kept as a variable; any other text
 * as it came.
 */
export function AnswerBody({ answer }: { answer: RawAnswer }) {
  const [view, setView] = useState<View>('tree');
  const data = answer.body.type === 'json' ? answer.body.data : undefined;
  const records = useMemo(() => isRecordList(data), [data]);
  const useAsVariable = useUseAsVariable();
  if (answer.body.type === 'empty') return <em>No body.</em>;
  if (answer.body.type !== 'json') return <TextView text={answer.text} label="Answer body" />;
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1.5 }}>
        <Box role="group" aria-label="Show the body as" sx={{ display: 'flex' }}>
          {VIEWS.map(([name, text], i) => (
            <Button
              key={name}
              size="small"
              variant={view === name ? 'contained' : 'outlined'}
              aria-pressed={view === name}
              onClick={() => setView(name)}
              sx={{ borderRadius: i === 0 ? '4px 0 0 4px' : i === VIEWS.length - 1 ? '0 4px 4px 0' : 0 }}
            >
              {text}
            </Button>
          ))}
        </Box>
        <Button
          size="small"
          variant="outlined"
          onClick={() =>
            downloadFile(answerFileName(answer.rateMethod, 'json'), answer.text, 'application/json')
          }
        >
          Download JSON
        </Button>
        {records && (
          <Button
            size="small"
            variant="outlined"
            onClick={() =>
              downloadFile(
                answerFileName(answer.rateMethod, 'csv'),
                recordsToCsv(data as Record<string, unknown>[]),
                'text/csv;charset=utf-8',
              )
            }
          >
            Download CSV
          </Button>
        )}
      </Box>
      {/* Kept while another view shows, with its search and what was opened. */}
      <Box hidden={view !== 'tree'}>
        <JsonTree value={data} label="Answer body" valueAction={useAsVariable.action} />
      </Box>
      {view === 'pretty' && <PrettyView data={data} />}
      {view === 'raw' && <TextView text={answer.text} label="Answer body as it came" />}
      {useAsVariable.dialog}
    </>
  );
}

function PrettyView({ data }: { data: unknown }) {
  const text = useMemo(() => JSON.stringify(data, null, 2), [data]);
  return <TextView text={text} label="Answer body, indented" />;
}
