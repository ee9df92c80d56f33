import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CopyButton } from '@/components/copy-button';

export function RawJson({ value }: { value: unknown }) {
  const text = JSON.stringify(value, null, 2);
  return (
    <Accordion variant="outlined" disableGutters>
      <AccordionSummary aria-controls="raw-json-content" id="raw-json-header">
        <Typography component="h2" variant="h6">
          Raw JSON
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="raw-json-content">
        <CopyButton text={text} label="Copy JSON" sx={{ mb: 1 }} />
        <Box
          component="pre"
          tabIndex={0}
          aria-label="The getuser answer as JSON"
          sx={{
            m: 0,
            p: 2,
            maxHeight: 480,
            overflow: 'auto',
            bgcolor: 'action.hover',
            borderRadius: 1,
            fontSize: 13,
          }}
        >
          {text}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
