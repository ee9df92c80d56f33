import { useState } from 'react';
import { now } from '@/lib/clock';
import type { Session } from '@/session/session';
import { asksBeforeSending, useWriteConsentStore } from '../api/ask-before-writing';
import { sendRequest, type SendOutcome } from '../api/send-request';
import { useHistoryStore } from '../history/history-store';
import type { BuiltRequest, RequestForm } from '../form/request-form';

/**
 * Sending from the Requests screen: a built request goes at once, or, a write on a connection that is not a
 * sandbox, once its person says yes (`confirm` feeds the dialog); its outcome is kept for the screen and the
 * request for the History. `onDone` runs when an outcome is in.
 */
export function useSending(session: Session | null, onDone: () => void) {
  const addToHistory = useHistoryStore((s) => s.add);
  const trusted = useWriteConsentStore((s) => s.trusted);
  const trust = useWriteConsentStore((s) => s.trust);
  const [outcome, setOutcome] = useState<SendOutcome | null>(null);
  const [pending, setPending] = useState(false);
  const [asking, setAsking] = useState<{ request: BuiltRequest; form: RequestForm } | null>(null);

  async function run(request: BuiltRequest, sentForm: RequestForm) {
    setPending(true);
    setOutcome(null);
    const sentAt = now();
    const result = await sendRequest(request);
    setPending(false);
    setOutcome(result);
    onDone();
    if (result.kind === 'answer' || result.sent)
      addToHistory({
        sentAt,
        form: sentForm,
        request,
        status: result.kind === 'answer' ? result.answer.status : null,
      });
  }

  function submit(request: BuiltRequest, sentForm: RequestForm) {
    if (session && asksBeforeSending(request.method, session, trusted))
      setAsking({ request, form: sentForm });
    else void run(request, sentForm);
  }

  const confirm = {
    request: asking?.request ?? null,
    onCancel: () => setAsking(null),
    onSend: (dontAskAgain: boolean) => {
      if (!asking) return;
      if (dontAskAgain && session) trust(session);
      setAsking(null);
      void run(asking.request, asking.form);
    },
  };
  return { outcome, pending, submit, confirm };
}
