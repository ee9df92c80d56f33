import { useEffect, useState } from 'react';
import type { Connection } from '@/lib/connection';
import { api } from '@/session/client/api';
import {
  NO_RECORDINGS,
  parseRecordedOperations,
  type RecordedOperations,
} from '../catalog/recorded-operations';

/**
 * The operations this server's emulator replays from REPLAY_DIR, asked of the emulator alone (a relayed tenant
 * has no recordings, and its token is not sent anywhere new) with the session's token, as any API call. Nothing to
 * mark is not worth a word: without replay, a failure or an answer that is not a listing, there is nothing marked.
 */
async function listRecordedOperations(
  connection: Connection,
  signal: AbortSignal,
): Promise<RecordedOperations> {
  if (connection.upstream !== null) return NO_RECORDINGS;
  try {
    const answer = await api.send({
      method: 'GET',
      path: '/recorded-operations',
      base: connection.baseUrl,
      signal,
    });
    return (answer.body.type === 'json' && parseRecordedOperations(answer.body.data)) || NO_RECORDINGS;
  } catch {
    return NO_RECORDINGS;
  }
}

/**
 * The recorded operations of the session's connection, asked once the catalog is first used (`wanted`): a screen
 * opened for something else sends nothing more.
 */
export function useRecordedOperations(connection: Connection, wanted: boolean): RecordedOperations {
  const [recorded, setRecorded] = useState<{ for: Connection; operations: RecordedOperations } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    void listRecordedOperations(connection, controller.signal).then((operations) => {
      if (!controller.signal.aborted) setRecorded({ for: connection, operations });
    });
    return () => controller.abort();
  }, [connection, wanted]);
  return recorded?.for === connection ? recorded.operations : NO_RECORDINGS;
}
