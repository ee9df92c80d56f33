import type { IncomingMessage } from 'node:http';
import { ApiError } from '../http/errors.ts';

/** What the emulator's paths answer on a server that runs without it (EMULATOR=off), whatever the method. */
export function emulatorOff(req: IncomingMessage): never {
  // Refused before reading: drain any body so that the answer reaches the client.
  req.resume();
  throw new ApiError(
    404,
    'not_found',
    'The emulator is off on this server: it serves the console and its relay to real tenants (GET /relay lists them).',
  );
}
