import { useId, type ReactNode, type Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { LibraryPart } from './use-library';

const PARTS: readonly { part: LibraryPart; name: string }[] = [
  { part: 'saved', name: 'Saved' },
  { part: 'history', name: 'History' },
];

/**
 * The library's content: its heading (which names the panel), _Close_, and Saved and History as two tabs. Both
 * parts stay mounted, the hidden one too, so that neither loses what was typed in it (the name to save the form as,
 * a search) and the save shortcut works with the panel closed.
 */
export function LibraryPanel({
  headingId,
  part,
  onPart,
  onClose,
  saved,
  history,
  historyTab,
}: {
  headingId: string;
  part: LibraryPart;
  onPart: (part: LibraryPart) => void;
  onClose: () => void;
  saved: ReactNode;
  history: ReactNode;
  historyTab: Ref<HTMLDivElement>;
}) {
  const id = useId();
  const content = { saved, history };
  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id={headingId} component="h2" variant="h6" sx={{ flex: 1 }}>
          Library
        </Typography>
        <Button size="small" onClick={onClose}>
          Close
        </Button>
      </Box>
      <Tabs
        value={part}
        onChange={(_, next: LibraryPart) => onPart(next)}
        aria-label="Library"
        variant="fullWidth"
      >
        {PARTS.map(({ part: value, name }) => (
          <Tab
            key={value}
            value={value}
            label={name}
            id={`${id}-${value}-tab`}
            aria-controls={`${id}-${value}`}
            ref={value === 'history' ? historyTab : undefined}
          />
        ))}
      </Tabs>
      {PARTS.map(({ part: value }) => (
        <Box
          key={value}
          role="tabpanel"
          id={`${id}-${value}`}
          aria-labelledby={`${id}-${value}-tab`}
          hidden={value !== part}
          sx={{ pt: 1 }}
        >
          {content[value]}
        </Box>
      ))}
    </Box>
  );
}
