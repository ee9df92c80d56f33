import Box from '@mui/material/Box';
import { maskRequest } from '../history/mask-secrets';
import type { BuiltRequest, RequestForm } from '../form/request-form';
import { copyable, CopyCommands, useTokenInCopies } from './copy-commands';

/**
 * The form's request as a command, before it is sent: the same copies as a History entry, with the same masking
 * (secrets by the one rule, made when a button is pressed; the token read from `TDX_TOKEN` unless asked).
 */
export function FormCopies({
  form,
  request,
  apiBase,
  connection,
  token,
}: {
  form: RequestForm;
  /** The form's request once it can be built; null while it cannot (the copies wait, as the preview does). */
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
          request={request && (() => copyable(apiBase, connection, maskRequest(form, request).request))}
          token={reveal ? token : null}
        />
      </Box>
      {toggle}
    </Box>
  );
}
