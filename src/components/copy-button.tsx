import { useState } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';

/** Copies text to the clipboard and says whether it worked. */
export function CopyButton({ text, label, ...props }: { text: string; label: string } & ButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }
  return (
    <Button variant="outlined" size="small" onClick={() => void copy()} {...props}>
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}
    </Button>
  );
}
