import { useEffect, useRef, useState } from 'react';
import type { Connection } from '@/lib/connection';
import { api } from '@/session/api';
import { issuedTokenFrom } from '@/session/issued-token';
import type { AdminKey } from './login-admin';
import { keyFailed, keyWorked, type KeyOutcome } from './key-outcome';

/**
 * `loginadmin` on one connection, as a result: no session is started or read (`auth: false`), and the token of a
 * key that works is not kept. Each connection's rate limit is its own (the request path counts per base).
 */
export async function testKeyOn(
  connection: Connection,
  { beid, webServicesKey }: AdminKey,
  signal?: AbortSignal,
): Promise<KeyOutcome> {
  try {
    const response = await api.send({
      method: 'POST',
      path: '/api/auth/loginadmin',
      body: { BEID: beid, WebServicesKey: webServicesKey },
      auth: false,
      base: connection.baseUrl,
      signal,
    });
    return keyWorked(issuedTokenFrom(response, connection));
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
 * One key tested on many connections at once, each row filled in as its answer arrives. A new run or leaving
 * the screen abandons the calls still under way.
 */
export function useKeyTestEverywhere() {
  const [rows, setRows] = useState<KeyTestRow[] | null>(null);
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  function run(connections: readonly Connection[], key: AdminKey) {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setRows(connections.map((connection) => ({ connection, outcome: null })));
    for (const connection of connections) {
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
