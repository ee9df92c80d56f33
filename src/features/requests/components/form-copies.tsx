import Box from '@mui/material/Box';
import type { BuiltRequest } from '../form/request-form';
import { copyable, CopyCommands, useTokenInCopies } from './copy-commands';

/**
 * The form's request as a command, before it is sent: the same copies as a History entry, of the same request as
 * kept (its description's, secrets masked; the token read from `TDX_TOKEN` unless asked).
 */
export function FormCopies({
  request,
  apiBase,
  connection,
  token,
}: {
  /** The request as kept, once the form can be sent; null while it cannot (the copies wait, as the preview does). */
  request: BuiltRequest | null;
  apiBase: string;
  connection: string;
  token: string;
}) {
  const { reveal, toggle } = useTokenInCopies();
  return (
    <Box role="group" aria-label="Copy the request" sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <CopyCommands
          request={request && (() => copyable(apiBase, connection, request))}
          token={reveal ? token : null}
        />
      </Box>
      {toggle}
    </Box>
  );
}
