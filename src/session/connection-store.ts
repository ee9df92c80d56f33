import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { EMULATOR, parseConnection, type Connection } from '@/lib/connection';

interface ConnectionState {
  /** The connection the next sign-in uses; a session keeps the one it was made with. */
  selected: Connection;
  select: (connection: Connection) => void;
}

export const useConnectionStore = create<ConnectionState>()(
  persist(
    (set) => ({
      selected: EMULATOR,
      select: (connection) => set({ selected: connection }),
    }),
    {
      name: 'auth-console.connection',
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ selected: state.selected }),
      merge: (persisted, current) => ({
        ...current,
        selected: parseConnection((persisted as Partial<ConnectionState> | undefined)?.selected),
      }),
    },
  ),
);
