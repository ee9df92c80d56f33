import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import { VISUALLY_HIDDEN } from './visually-hidden';

/** How long the button says "Copied" (or "Copy failed") before it shows its label again. */
export const COPIED_FOR_MS = 2000;

/**
 * Copies text to the clipboard, says whether it worked (also to screen readers), then shows its label again.
 * `text` may be a function, so that costly text (a large value's JSON) is made only when someone copies it;
 * `copiedLabel` says more than "Copied" where what was copied differs from what the screen shows.
 */
export function CopyButton({
  text,
  label,
  copiedLabel = 'Copied',
  ...props
}: { text: string | (() => string); label: string; copiedLabel?: string } & ButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(typeof text === 'function' ? text() : text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }
  const outcome = state === 'copied' ? copiedLabel : state === 'failed' ? 'Copy failed' : '';
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
