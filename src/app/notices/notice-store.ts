import { create } from 'zustand';

export interface Notice {
  id: number;
  severity: 'error' | 'warning' | 'info' | 'success';
  message: string;
}

interface NoticeState {
  notices: Notice[];
  push: (severity: Notice['severity'], message: string) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;

/** Messages for the snackbar: outcomes that no form on screen is waiting to show inline. */
export const useNoticeStore = create<NoticeState>()((set) => ({
  notices: [],
  push: (severity, message) =>
    set((state) =>
      state.notices.some((n) => n.message === message)
        ? state
        : { notices: [...state.notices, { id: nextId++, severity, message }] },
    ),
  dismiss: (id) => set((state) => ({ notices: state.notices.filter((n) => n.id !== id) })),
}));
