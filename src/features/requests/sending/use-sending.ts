import { useEffect, useRef, useState } from 'react';
import { now } from '@/lib/clock';
import type { Session } from '@/session/session';
import type { CatalogEntry } from '@contract/catalog/catalog-entry';
import { sendRequest, type SendOutcome } from '../api/send-request';
import { catalogOperation } from '../catalog/catalog-operation';
import type { ReadyRequest } from '../description/describe-request';
import type { BuiltRequest } from '../form/request-form';
import { useHistoryStore } from '../history/history-store';
import { asksBeforeSending, useWriteConsentStore } from './ask-before-writing';

/** A write waiting for its person's yes, with the catalog operation it is (if the catalog knows it). */
export interface AskedRequest {
  sent: ReadyRequest;
  /** The request as it may be shown: the variables' values in, secrets masked (the description's `shown`). */
  shown: BuiltRequest;
  operation: CatalogEntry | undefined;
}

/** The request the answer area speaks of: as described when sent, when and on which connection. */
export interface SentRequest {
  described: ReadyRequest;
  sentAt: number;
  /** The connection's label, as the screen names it. */
  connection: string;
  /** The connection's base URL: an answer from another connection is never this form's. */
  base: string;
}

/**
 * Sending from the Requests screen: a described request goes at once, or, a write on a
 * tenant's production connection, once its person says yes (`confirm` feeds the dialog); its outcome is kept for
 * the screen with the request it answers (`sent`), and the description for the History. `cancel` stops waiting for
 * the answer: the outcome says so, and the History keeps nothing of it. `onDone` runs when an outcome is in.
 */
export function useSending(session: Session | null, onDone: () => void) {
  const addToHistory = useHistoryStore((s) => s.add);
  const trusted = useWriteConsentStore((s) => s.trusted);
  const trust = useWriteConsentStore((s) => s.trust);
  const [outcome, setOutcome] = useState<SendOutcome | null>(null);
  const [sent, setSent] = useState<SentRequest | null>(null);
  const [pending, setPending] = useState(false);
  const [asking, setAsking] = useState<AskedRequest | null>(null);
  const waiting = useRef<AbortController | null>(null);
  // Leaving the screen stops waiting: nothing would be left to show the answer.
  useEffect(() => () => waiting.current?.abort(), []);

  async function run(described: ReadyRequest) {
    if (!session) return;
    const controller = new AbortController();
    waiting.current = controller;
    const sentAt = now();
    setPending(true);
    setOutcome(null);
    setSent({ described, sentAt, connection: session.connection.label, base: session.connection.baseUrl });
    const result = await sendRequest(described.request, controller.signal);
    waiting.current = null;
    setPending(false);
    setOutcome(result);
    onDone();
    if (result.kind === 'answer' || (result.kind === 'failed' && result.sent))
      addToHistory({
        sentAt,
        sent: described,
        status: result.kind === 'answer' ? result.answer.status : null,
      });
  }

  function submit(sent: ReadyRequest) {
    const operation = catalogOperation(sent.request.method, sent.request.path);
    if (session && asksBeforeSending(sent.request, operation, session, trusted))
      setAsking({ sent, shown: sent.shown, operation });
    else void run(sent);
  }

  const confirm = {
    asking,
    onCancel: () => setAsking(null),
    onSend: (dontAskAgain: boolean) => {
      if (!asking) return;
      if (dontAskAgain && session) trust(session);
      setAsking(null);
      void run(asking.sent);
    },
  };
  const cancel = () => waiting.current?.abort();
  return { outcome, sent, pending, submit, confirm, cancel };
}
