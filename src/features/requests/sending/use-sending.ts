import { useState } from 'react';
import { now } from '@/lib/clock';
import type { Session } from '@/session/session';
import { sendRequest, type SendOutcome } from '../api/send-request';
import type { ReadyRequest } from '../description/describe-request';
import { useHistoryStore } from '../history/history-store';
import { keptAnswer } from '../history/kept-answer';
import { asksBeforeSending, useWriteConsentStore } from './ask-before-writing';

/**
 * Sending from the Requests screen: a described request goes at once, or, a write on a connection that is not a
 * sandbox, once its person says yes (`confirm` feeds the dialog); its outcome is kept for the screen and the
 * description for the History. `onDone` runs when an outcome is in.
 */
export function useSending(session: Session | null, onDone: () => void) {
  const addToHistory = useHistoryStore((s) => s.add);
  const trusted = useWriteConsentStore((s) => s.trusted);
  const trust = useWriteConsentStore((s) => s.trust);
  const [outcome, setOutcome] = useState<SendOutcome | null>(null);
  const [pending, setPending] = useState(false);
  const [asking, setAsking] = useState<ReadyRequest | null>(null);

  async function run(sent: ReadyRequest) {
    setPending(true);
    setOutcome(null);
    const sentAt = now();
    const result = await sendRequest(sent.request);
    setPending(false);
    setOutcome(result);
    onDone();
    if (session && (result.kind === 'answer' || result.sent)) {
      const answered = result.kind === 'answer' ? result.answer : null;
      void addToHistory({
        organization: session.connection.organization,
        connection: session.connection.label,
        sentAt,
        sent,
        status: answered?.status ?? null,
        answer: answered && keptAnswer(sent.request, answered),
      });
    }
  }

  function submit(sent: ReadyRequest) {
    if (session && asksBeforeSending(sent.request.method, session, trusted)) setAsking(sent);
    else void run(sent);
  }

  const confirm = {
    asking,
    onCancel: () => setAsking(null),
    onSend: (dontAskAgain: boolean) => {
      if (!asking) return;
      if (dontAskAgain && session) trust(session);
      setAsking(null);
      void run(asking);
    },
  };
  return { outcome, pending, submit, confirm };
}
