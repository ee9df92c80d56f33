import { create } from 'zustand';
import { readText, storeText } from '@/lib/local-storage';
import {
  BUILT_IN_CONNECTIONS,
  CONNECTION_CHOICE_KEY,
  EMULATOR,
  type Connection,
  type ConnectionOffer,
} from '@/lib/connection';
import { useSessionStore } from './session-store';

interface ConnectionState {
  /** The connection the next sign-in uses; a session keeps the one it was made with. */
  selected: Connection;
  /** Whether this page chose `selected` (or followed a session to it), rather than started with it. */
  chosen: boolean;
  /** A choice: this browser remembers it. */
  select: (connection: Connection) => void;
  /**
   * This server's list has arrived: the connection this page chose, else the session's, else the one this
   * browser chose last, else the default.
   */
  offer: (offer: ConnectionOffer) => void;
}

const remembered = () => readText(CONNECTION_CHOICE_KEY);

/** The connection named by the first of `ids` that names one. */
function pick(connections: readonly Connection[], ...ids: (string | null | undefined)[]) {
  for (const id of ids) {
    const found = connections.find((c) => c.id === id);
    if (found) return found;
  }
}

const sessionConnection = () => useSessionStore.getState().session?.connection;

export const useConnectionStore = create<ConnectionState>()((set, get) => ({
  // Until the list arrives; this server's own are known without it (an SSO redirect comes back to one of them).
  selected: sessionConnection() ?? pick(BUILT_IN_CONNECTIONS, remembered()) ?? EMULATOR,
  chosen: false,
  select: (connection) => {
    set({ selected: connection, chosen: true });
    // Storage refused: the choice holds for this page only.
    storeText(CONNECTION_CHOICE_KEY, connection.id);
  },
  offer: ({ connections, defaultId }) => {
    const { chosen, selected } = get();
    const ids = [chosen ? selected.id : null, sessionConnection()?.id, remembered(), defaultId];
    set({ selected: pick(connections, ...ids) ?? connections[0] ?? EMULATOR });
  },
}));
