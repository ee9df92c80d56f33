import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { CopyButton } from '@/components/copy-button';
import {
  curlCommand,
  fetchSnippet,
  powershellCommand,
  pythonSnippet,
  type CopyableRequest,
} from '@/lib/copy-commands';
import type { BuiltRequest } from '../form/request-form';

/** The copies offered, in the order their buttons show them. */
const COPIES = [
  ['curl', curlCommand],
  ['fetch', fetchSnippet],
  ['PowerShell', powershellCommand],
  ['Python', pythonSnippet],
] as const;

/** A (masked) request as a tool outside the browser would send it: to the connection's own address, named. */
export function copyable(apiBase: string, connection: string, request: BuiltRequest): CopyableRequest {
  const { method, path, bodyText } = request;
  return {
    method,
    url: `${apiBase}${path}`,
    connection,
    ...(bodyText !== undefined ? { body: bodyText } : {}),
  };
}

/** "Show the token in copies": off until asked, each time the screen is opened. */
export function useTokenInCopies() {
  const [reveal, setReveal] = useState(false);
  const toggle = (
    <FormControlLabel
      control={<Switch checked={reveal} onChange={(e) => setReveal(e.target.checked)} />}
      label="Show the token in copies"
    />
  );
  return { reveal, toggle };
}

/** Copy as curl, fetch, PowerShell and Python: the token read from `TDX_TOKEN` unless `token` is given. */
export function CopyCommands({
  request,
  token,
  disabled,
}: {
  /** What to copy, made when a button is pressed; null when there is nothing that can be copied yet. */
  request: (() => CopyableRequest) | null;
  token: string | null;
  disabled?: boolean;
}) {
  return COPIES.map(([language, command]) => (
    <CopyButton
      key={language}
      disabled={disabled || request === null}
      text={() => (request ? command(request(), { token }) : '')}
      label={`Copy as ${language}`}
      copiedLabel={token !== null ? 'Copied, with your token' : 'Copied'}
    />
  ));
}
