import { useEffect, useRef, useState } from 'react';
import type { Connection } from '@/lib/connection';
import { requestAdminToken, type AdminKey } from '../api/login-admin';
import { keyFailed, keySkipped, keyWorked, type KeyOutcome } from './key-outcome';

/** `loginadmin` on one connection, as a result; the token of a key that works is not kept. */
async function testKeyOn(connection: Connection, key: AdminKey, signal?: AbortSignal): Promise<KeyOutcome> {
  try {
    return keyWorked(await requestAdminToken(connection, key, signal));
  } catch (error) {
    return keyFailed(error);
  }
}

export interface KeyTestRow {
  connection: Connection;
  /** null while that connection has not answered. */
  outcome: KeyOutcome | null;
}

/**
 * One key tested on the connections of one organization at once, each row filled in as its answer arrives; the
 * connections of other organizations get a row saying so, and never the key. A new run or leaving the screen
 * abandons the calls still under way.
 */
export function useKeyTestEverywhere() {
  const [rows, setRows] = useState<KeyTestRow[] | null>(null);
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  /** `key` on every one of `connections` of `chosen`'s organization. */
  function run(connections: readonly Connection[], chosen: Connection, key: AdminKey) {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    const ours = connections.filter((c) => c.organization === chosen.organization);
    setRows(
      connections.map((connection) => ({
        connection,
        outcome: ours.includes(connection) ? null : keySkipped(connection, chosen),
      })),
    );
    for (const connection of ours) {
      void testKeyOn(connection, key, controller.signal).then((outcome) => {
        if (controller.signal.aborted) return;
        setRows(
          (all) =>
            all?.map((row) => (row.connection.id === connection.id ? { ...row, outcome } : row)) ?? null,
        );
      });
    }
  }

  return { rows, running: rows?.some((row) => row.outcome === null) ?? false, run };
}
