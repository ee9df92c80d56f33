import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import { VISUALLY_HIDDEN } from './visually-hidden';

/** How long the button says "Copied" (or "Copy failed") before it shows its label again. */
export const COPIED_FOR_MS = 2000;

/** Copies text to the clipboard, says whether it worked (also to screen readers), then shows its label again. */
export function CopyButton({ text, label, ...props }: { text: string; label: string } & ButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }
  const outcome = state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : '';
  return (
    <>
      <Button variant="outlined" size="small" onClick={() => void copy()} {...props}>
        {outcome || label}
      </Button>
      <Box component="span" role="status" sx={VISUALLY_HIDDEN}>
        {outcome}
      </Box>
    </>
  );
}
