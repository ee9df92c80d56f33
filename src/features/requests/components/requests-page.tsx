/**
 * The requests feature owns calling any Web API endpoint with the session: the catalog (`catalog/`), the form
 * (`form/`), a pasted curl or PowerShell command (`paste/`), the request described once from the form and
 * handed to everything below (`description/`), its sending (`sending/`, `api/`) and its answer (`answer/`), the
 * history and the saved requests (`history/`, `saved/`, shown in the library beside the form, `library/`), and the
 * organization's variables (`variables/`).
 */
import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ConnectionKindChip } from '@/components/connection-kind-chip';
import { ErrorNotice } from '@/components/error-notice';
import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import { rateMethodOf } from '@/lib/rate-method';
import { withRelayLimit } from '@/lib/relay-limit';
import type { CatalogEntry } from '@contract/catalog/catalog-entry';
import type { ApiMethod } from '@contract/web-api/methods';
import { directBaseUrl } from '@/lib/connection-details';
import { useRateLimitWait } from '@/session/errors/rate-limit-wait';
import { useSessionStore } from '@/session/stores/session-store';
import { forgetJobOnSignOut, RunOverRows } from '@/features/runner/public';
import { helpBase } from '../catalog/help-url';
import { describeRequest, type DescribeContext } from '../description/describe-request';
import { useRequestFormStore } from '../form/form-store';
import { bodyOverLimit } from '../form/body-size';
import { forgetRequestsOnSignOut } from '../history/forget-on-sign-out';
import type { HistoryEntry } from '../history/history-entry';
import { formFromEntry, NEW_FORM, type FormErrors } from '../form/request-form';
import { useSending } from '../sending/use-sending';
import { AnsweredRequest } from './answered-request';
import { AnswerView } from './answer-view';
import { CatalogPicker } from './catalog-picker';
import { ConfirmWrite } from './confirm-write';
import { FormBesideAnswer } from './form-beside-answer';
import { ConfirmationsSwitch } from './confirmations-switch';
import { FormCopies } from './form-copies';
import { FullReplacePanel } from './full-replace-panel';
import { PasteCommand } from './paste-command';
import { HistoryList } from './history-list';
import { LibraryLinks } from './library-links';
import { KeyboardShortcuts, useRequestsShortcuts } from './keyboard-shortcuts';
import { RequestFormFields } from './request-form-fields';
import { libraryColumns, RequestsLibrary } from './requests-library';
import { RequestPreview } from './request-preview';
import { SavedList } from './saved-list';
import { useLibrary } from './use-library';
import { useRevealAnswer } from './use-reveal-answer';
import { VariablesPanel } from './variables-panel';
import { useVariablesStore, valuesOf, variablesOf } from '../variables/variables-store';

// Registered once, when the screen's code first loads: before that there is nothing to forget.
forgetRequestsOnSignOut();
forgetJobOnSignOut();

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The Send button names any method but GET, so that a write left selected is plain: "Send PUT". */
const sendLabel = (method: ApiMethod) => (method === 'GET' ? 'Send' : `Send ${method}`);

/** The one wait figure of a rate limit, in words: the same seconds the Send button counts down. */
const waitSentence = (seconds: number) =>
  `Too many calls to this method. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;

export default function RequestsPage() {
  const session = useSessionStore((s) => s.session);
  const form = useRequestFormStore((s) => s.form);
  const load = useRequestFormStore((s) => s.load);
  const [errors, setErrors] = useState<FormErrors>({});
  const [pasteNotes, setPasteNotes] = useState<string[]>([]);
  /** Counts _New request_: the saved list starts afresh, so a save does not replace the request loaded before. */
  const [fresh, setFresh] = useState(0);
  const pathRef = useRef<HTMLInputElement>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const catalogSearchRef = useRef<HTMLInputElement>(null);
  useRequestsShortcuts({
    catalog: () => catalogSearchRef.current?.focus(),
    path: () => pathRef.current?.focus(),
  });
  const { library, refs: libraryRefs } = useLibrary();
  const { buttonRef: libraryButtonRef, ...libraryPanelRefs } = libraryRefs;
  const { heading: answerHeading, reveal } = useRevealAnswer();
  const { outcome, sent, pending, submit, confirm, cancel } = useSending(session, reveal);
  const organization = session?.connection.organization ?? '';
  const variables = valuesOf(useVariablesStore((s) => variablesOf(s, organization)));
  const connectionBase = session?.connection.baseUrl ?? '';
  const relayed = Boolean(session?.connection.upstream);
  const origin = window.location.origin;
  const base = `${origin}${connectionBase}`;
  const apiBase = session ? directBaseUrl(session.connection, origin) : base;
  const bases = {
    own: apiBase,
    accepted: [base, ...(session?.connection.upstream ? [session.connection.upstream] : [])],
  };
  const context: DescribeContext = { base: connectionBase, bases, variables };
  const description = describeRequest(form, context);
  const rateMethod = rateMethodOf(
    form.method,
    description.ready ? description.request.path : `/api/${form.path}`,
  );
  const wait = useRateLimitWait(connectionBase, rateMethod);
  const choose = useCallback(
    (entry: CatalogEntry) => {
      load(formFromEntry(entry));
      setErrors({});
      setPasteNotes([]);
    },
    [load],
  );
  if (!session) return null;

  function send() {
    if (pending || wait) return;
    // The form as it is now, its URL or query typed into the path read, so this Send sends it, its rows filled.
    const latest = useRequestFormStore.getState().form;
    const current = describeRequest(latest, context);
    if (current.form !== latest) load(current.form);
    // Its size checked against what this server reads, before anything goes out to be refused.
    const tooLarge = current.ready ? bodyOverLimit(current.request.bodyText ?? '', relayed) : undefined;
    setErrors(current.ready ? (tooLarge ? { body: tooLarge } : {}) : current.errors);
    if (current.ready && !tooLarge) submit(current);
  }

  function rerun(entry: HistoryEntry) {
    const again = describeRequest(entry.form, context);
    if (again.ready) submit(again);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      send();
    }
  }

  function edit({ form }: Pick<HistoryEntry, 'form'>) {
    load(form);
    setErrors({});
  }

  function newRequest() {
    load(NEW_FORM);
    setErrors({});
    setPasteNotes([]);
    setFresh((n) => n + 1);
    pathRef.current?.focus();
  }

  const decision = outcome && outcome.kind !== 'cancelled' ? outcome.decision : null;
  const failure = wait
    ? { message: withRelayLimit(waitSentence(wait.seconds), decision?.details), details: decision?.details }
    : decision?.kind === 'rate-limited'
      ? null
      : decision;
  return (
    <>
      <PageHeader
        title="Requests"
        subtitle={`Call any endpoint of the Web API with this session’s token. Calls go to the session’s connection: ${session.connection.label}.`}
        actions={<ConnectionKindChip connection={session.connection} />}
      />
      <LibraryLinks library={library} buttonRef={libraryButtonRef} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: libraryColumns(library),
          alignItems: 'start',
        }}
      >
        <RequestsLibrary
          library={library}
          {...libraryPanelRefs}
          saved={(handle, loaded) => (
            <SavedList
              key={fresh}
              handle={handle}
              connection={apiBase}
              organization={organization}
              label={session.connection.label}
              kept={description.kept.form}
              onLoad={() => {
                setErrors({});
                setPasteNotes([]);
                loaded();
              }}
            />
          )}
          history={(searchRef, loaded) => (
            <HistoryList
              searchRef={searchRef}
              apiBase={apiBase}
              connection={session.connection.label}
              token={session.token}
              busy={pending}
              onRerun={(entry) => {
                rerun(entry);
                loaded();
              }}
              onEdit={(entry) => {
                edit(entry);
                loaded();
              }}
            />
          )}
        />
        <SectionCard title="Catalog">
          <CatalogPicker
            onChoose={choose}
            helpBase={helpBase(session.connection)}
            connection={session.connection}
            searchRef={catalogSearchRef}
          />
        </SectionCard>
        <FormBesideAnswer formHeading={formHeading} answerHeading={answerHeading}>
          <SectionCard title="Request" headingRef={formHeading}>
            <Box
              component="form"
              noValidate
              autoComplete="off"
              aria-label="Request"
              onKeyDown={onKeyDown}
              onSubmit={(e) => {
                e.preventDefault();
                send();
              }}
            >
              <RequestFormFields errors={errors} bases={bases} pathRef={pathRef} />
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 2 }}>
                <Button type="submit" variant="contained" disabled={pending || wait !== null}>
                  {wait
                    ? `${sendLabel(form.method)} (wait ${wait.seconds} s)`
                    : pending
                      ? 'Sending…'
                      : sendLabel(form.method)}
                </Button>
                {pending && (
                  <Button variant="outlined" onClick={cancel}>
                    Cancel
                  </Button>
                )}
                <Typography variant="body2" color="text.secondary">
                  {IS_MAC ? '⌘' : 'Ctrl'}+Enter sends
                </Typography>
                <Button variant="outlined" onClick={newRequest} sx={{ ml: 'auto' }}>
                  New request
                </Button>
              </Box>
              <KeyboardShortcuts />
              <ConfirmationsSwitch session={session} />
            </Box>
            <FullReplacePanel form={form} context={context} onUse={(next) => edit({ form: next })} />
            <Box sx={{ mt: 2 }}>
              <PasteCommand
                bases={bases}
                onFilled={(filled, notes) => {
                  load(filled);
                  setErrors({});
                  setPasteNotes(notes);
                }}
              />
            </Box>
            {pasteNotes.length > 0 && (
              <Alert
                severity="info"
                onClose={() => setPasteNotes([])}
                sx={{ mt: 2 }}
                aria-label="From the pasted command"
              >
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {pasteNotes.map((note) => (
                    <li key={note}>{note}</li>
                  ))}
                </Box>
              </Alert>
            )}
            <Typography component="h3" variant="subtitle1" sx={{ mt: 3, mb: 1 }}>
              Preview
            </Typography>
            {description.ready ? (
              <RequestPreview base={base} request={description.shown} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                The preview and the copies show once the path and its parameters are filled in and the body is
                JSON.
              </Typography>
            )}
            <FormCopies
              request={description.ready ? description.shown : null}
              apiBase={apiBase}
              connection={session.connection.label}
              token={session.token}
            />
          </SectionCard>
          <SectionCard title="Answer" headingRef={answerHeading}>
            <Box aria-live="polite">
              {sent && (
                <AnsweredRequest
                  sent={sent}
                  phase={pending ? 'sending' : outcome?.kind === 'cancelled' ? 'cancelled' : 'answered'}
                  current={description}
                  base={connectionBase}
                />
              )}
              {failure && <ErrorNotice message={failure.message} details={failure.details} />}
              {outcome?.kind === 'answer' && (
                <AnswerView
                  answer={outcome.answer}
                  waiting={wait !== null && outcome.answer.rateMethod === rateMethod}
                />
              )}
              {!pending && !outcome && (
                <Typography color="text.secondary">Send a request to see its answer here.</Typography>
              )}
            </Box>
          </SectionCard>
        </FormBesideAnswer>
      </Box>
      <Box sx={{ mt: 2 }}>
        <SectionCard title="Run over rows">
          <RunOverRows form={form} context={context} connection={session.connection} base={base} />
        </SectionCard>
      </Box>
      <Box sx={{ mt: 2 }}>
        <SectionCard title="Variables">
          <VariablesPanel organization={organization} />
        </SectionCard>
      </Box>
      <ConfirmWrite
        asked={confirm.asking}
        onSend={confirm.onSend}
        onCancel={confirm.onCancel}
        connection={session.connection}
      />
    </>
  );
}
