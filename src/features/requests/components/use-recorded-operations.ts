import { useEffect, useState } from 'react';
import type { Connection } from '@/lib/connection';
import { fetchRecordedOperations } from '../api/fetch-recorded-operations';
import { NO_RECORDINGS, type RecordedOperations } from '../catalog/recorded-operations';

/**
 * The recorded operations of the session's connection, asked once the catalog is first used (`wanted`): a screen
 * opened for something else sends nothing more.
 */
export function useRecordedOperations(connection: Connection, wanted: boolean): RecordedOperations {
  const [recorded, setRecorded] = useState<{ for: Connection; operations: RecordedOperations } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    void fetchRecordedOperations(connection, controller.signal).then((operations) => {
      if (!controller.signal.aborted) setRecorded({ for: connection, operations });
    });
    return () => controller.abort();
  }, [connection, wanted]);
  return recorded?.for === connection ? recorded.operations : NO_RECORDINGS;
}
