import type { IncomingMessage } from 'node:http';
import { ApiError } from '../../http/errors.ts';

/** What `/_emulator/` answers without EMULATOR_CONTROL=1, whatever the method: nothing of it is reachable. */
export function controlOff(req: IncomingMessage): never {
  // Refused before reading: drain any body so that the answer reaches the client.
  req.resume();
  throw new ApiError(404, 'not_found', 'No endpoint has this path.');
}
