import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import { readForm } from '../http/form.ts';
import type { Identities } from './identities.ts';
import { errors } from './oidc-provider.ts';
import { errorPage, signInPage, type IdentityHint } from './pages.ts';
import { widenFormAction } from './form-action.ts';

const ROUTE = /^\/interaction\/([\w-]{1,64})(?:\/(login|abort))?$/;

function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
  });
  res.end(html);
}

const EXPIRED = () =>
  errorPage(
    'This sign-in request has expired',
    'The sign-in request is unknown, was already finished, or is over 10 minutes old.',
  );

/** The pending interaction this browser's cookie names, if it is the one in the URL. */
async function pending(provider: Provider, req: IncomingMessage, res: ServerResponse, uid: string) {
  try {
    const details = await provider.interactionDetails(req, res);
    return details.uid === uid ? details : null;
  } catch (error) {
    if (error instanceof errors.SessionNotFound) return null;
    throw error;
  }
}

/** The form posts to the client's redirect URI in the end (through the provider's redirects). */
function allowFormRedirect(res: ServerResponse, details: Interaction) {
  const csp = res.getHeader('Content-Security-Policy');
  if (typeof csp === 'string') {
    res.setHeader('Content-Security-Policy', widenFormAction(csp, details.params.redirect_uri));
  }
}

/** What the interactions need besides the provider: who may sign in, and what the page says about them. */
export interface SignIns {
  identities: Identities;
  hint: IdentityHint;
}

async function showSignIn(
  provider: Provider,
  signIns: SignIns,
  res: ServerResponse,
  details: Interaction,
  action: string,
  failed?: { userName: string },
) {
  const client = await provider.Client.find(String(details.params.client_id));
  allowFormRedirect(res, details);
  const page = signInPage({
    action,
    clientName: client?.clientName ?? client?.clientId,
    hint: signIns.hint,
    userName: failed?.userName,
    error: failed ? 'The user name or password is incorrect.' : undefined,
  });
  sendHtml(res, failed ? 401 : 200, page);
}

/**
 * The provider's sign-in page: `GET {mount}/interaction/{uid}` shows it, `POST …/login` checks the realm's
 * identities and resumes the authorization, `POST …/abort` ends it with `access_denied`. Every failure is an
 * HTML page, never a 5xx for anything the browser sent.
 */
export async function handleInteraction(
  provider: Provider,
  signIns: SignIns,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  mountPath: string,
) {
  const match = ROUTE.exec(path);
  if (!match) {
    sendHtml(res, 404, errorPage('Not found', 'There is no page at this address.'));
    return;
  }
  const [, uid = '', step] = match;
  const action = `${mountPath}/interaction/${uid}`;
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  const allow = step === undefined ? 'GET' : 'POST';
  if (method !== allow) {
    req.resume();
    sendHtml(res, 405, errorPage('Method not allowed', `This page accepts ${allow} only.`), { Allow: allow });
    return;
  }
  if (step === undefined) {
    const details = await pending(provider, req, res, uid);
    if (!details) return sendHtml(res, 400, EXPIRED());
    // Every client is the emulator's own: once signed in, there is nothing else to ask.
    if (details.prompt.name !== 'login') return provider.interactionFinished(req, res, { consent: {} });
    return showSignIn(provider, signIns, res, details, action);
  }
  const form = await readForm(req);
  if (!form.ok) {
    if (form.reason === 'gone') return;
    const message =
      form.reason === 'size' ? 'The form is too large.' : 'Send the form as the sign-in page does.';
    return sendHtml(
      res,
      form.reason === 'size' ? 413 : 415,
      errorPage('The form could not be read', message),
    );
  }
  const details = await pending(provider, req, res, uid);
  if (!details) return sendHtml(res, 400, EXPIRED());
  if (step === 'abort') {
    return provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
      { mergeWithLastSubmission: false },
    );
  }
  const userName = form.fields.get('username') ?? '';
  const identity = await signIns.identities.check(userName, form.fields.get('password') ?? '');
  if (!identity) return showSignIn(provider, signIns, res, details, action, { userName });
  return provider.interactionFinished(
    req,
    res,
    { login: { accountId: identity.id } },
    { mergeWithLastSubmission: false },
  );
}
