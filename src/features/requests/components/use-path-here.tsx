import Button from '@mui/material/Button';
import type { RequestForm } from '../form/request-form';

/**
 * Offered beside the refusal of a URL of the same tenant's other connection (a production URL in a sandbox session,
 * or the other way): the form with its path read on this session's connection, filled only when asked.
 */
export function UsePathHere({
  instead,
  onUse,
}: {
  instead: RequestForm | null;
  onUse: (form: RequestForm) => void;
}) {
  if (!instead) return null;
  return (
    <Button size="small" variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => onUse(instead)}>
      Use /api/{instead.path} on this connection
    </Button>
  );
}
