import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import { CodeBlock } from '@/components/code-block';
import { CopyButton } from '@/components/copy-button';
import { ExpandMoreIcon } from '@/components/icons';

/** The whole getuser answer, folded away until asked for; the chevron and its word show that it opens. */
export function RawJson({ value }: { value: unknown }) {
  const [open, setOpen] = useState(false);
  const text = JSON.stringify(value, null, 2);
  return (
    <Accordion
      variant="outlined"
      disableGutters
      expanded={open}
      onChange={(_, expanded) => setOpen(expanded)}
    >
      <AccordionSummary
        aria-controls="raw-json-content"
        id="raw-json-header"
        expandIcon={<ExpandMoreIcon />}
        sx={{ '& .MuiAccordionSummary-content': { alignItems: 'baseline', gap: 2 } }}
      >
        <Typography component="h2" variant="h6">
          Raw JSON
        </Typography>
        {/* The button's name stays "Raw JSON"; aria-expanded tells assistive technology what this word shows. */}
        <Typography variant="body2" color="text.secondary" aria-hidden="true">
          {open ? 'Hide' : 'Show'}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="raw-json-content">
        <CopyButton text={text} label="Copy JSON" sx={{ mb: 1 }} />
        <CodeBlock label="The getuser answer as JSON" maxHeight={480}>
          {text}
        </CodeBlock>
      </AccordionDetails>
    </Accordion>
  );
}
