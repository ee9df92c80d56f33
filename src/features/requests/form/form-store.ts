import { create } from 'zustand';
import { GET_USER_FORM, type RequestForm } from './request-form';

interface FormState {
  form: RequestForm;
  setForm: (change: Partial<RequestForm>) => void;
  load: (form: RequestForm) => void;
}

/**
 * The Requests form, in this tab's memory only (never storage): it outlives the screen, so a session that expires
 * mid-edit comes back after signing in again to the form as it was left.
 */
export const useRequestFormStore = create<FormState>()((set) => ({
  form: GET_USER_FORM,
  setForm: (change) => set((s) => ({ form: { ...s.form, ...change } })),
  load: (form) => set({ form }),
}));
