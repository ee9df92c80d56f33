function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  body { margin: 0; display: grid; place-items: center; min-height: 100vh; background: Canvas; color: CanvasText; }
  main { width: min(26rem, calc(100% - 2rem)); padding: 1.5rem; border: 1px solid GrayText; border-radius: 8px; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { display: block; width: 100%; box-sizing: border-box; font: inherit; padding: 0.5rem; margin-top: 0.25rem; }
  .actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
  button { font: inherit; padding: 0.5rem 1.25rem; cursor: pointer; }
  .alert { border-left: 4px solid #b3261e; padding: 0.5rem 0.75rem; background: color-mix(in srgb, #b3261e 12%, Canvas); }
  .hint { font-size: 0.9rem; }
  :focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** Who may sign in, as the page tells it: the realm's identity names, and their password when it is public. */
export interface IdentityHint {
  names: string[];
  /** The demo realm's one published password; null for any other realm, whose passwords stay in its file. */
  publicPassword: string | null;
}

function hintOf({ names, publicPassword }: IdentityHint): string {
  if (names.length === 0) {
    return '<p class="hint">The realm has no identities to sign in with: add them to its <code>identities</code>.</p>';
  }
  const list = names.map((name) => `<code>${escapeHtml(name)}</code>`).join(', ');
  return publicPassword === null
    ? `<p class="hint">The realm’s identities: ${list}, with the passwords written in the realm file.</p>`
    : `<p class="hint">Demo identities: ${list}, each with the password <code>${escapeHtml(publicPassword)}</code>.</p>`;
}

/**
 * The application asking, named after a colon: a sentence that reads well whatever the name (a client id may start
 * in lower case). Nothing when it is unknown.
 */
function askedBy(clientName: string | undefined): string {
  return clientName ? `: <strong>${escapeHtml(clientName)}</strong>` : '';
}

export interface SignInPageOptions {
  /** Where the two forms post, e.g. /idp/interaction/abc. */
  action: string;
  /** Who is asking the user to sign in, when known. */
  clientName?: string;
  userName?: string;
  error?: string;
  hint: IdentityHint;
}

/** The embedded provider's sign-in page: a plain form, no script, labelled fields, and a way out. */
export function signInPage(options: SignInPageOptions): string {
  const error = options.error
    ? `<p class="alert" id="sign-in-error" role="alert">${escapeHtml(options.error)}</p>`
    : '';
  const invalid = options.error ? ' aria-invalid="true" aria-describedby="sign-in-error"' : '';
  return page(
    'Sign in · Emulator identity provider',
    `<h1>Sign in to the emulator's identity provider</h1>
<p>An application asks you to sign in${askedBy(options.clientName)}.</p>
${error}
<form method="post" action="${escapeHtml(options.action)}/login">
<label for="username">User name</label>
<input id="username" name="username" autocomplete="username" required autofocus value="${escapeHtml(options.userName ?? '')}"${invalid}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}>
<div class="actions">
<button type="submit">Sign in</button>
<button type="submit" formaction="${escapeHtml(options.action)}/abort" formnovalidate>Cancel</button>
</div>
</form>
${hintOf(options.hint)}`,
  );
}

/** An error the browser lands on at the provider, when there is no application to send it back to. */
export function errorPage(title: string, message: string): string {
  return page(
    `${title} · Emulator identity provider`,
    `<h1>${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(message)}</p>
<p>Go back to the application you came from and start the sign-in again.</p>`,
  );
}

/**
 * The provider's sign-out question (RP-initiated logout): `form` is oidc-provider's own hidden form, carrying its
 * anti-forgery token, which both buttons submit. A plain page, no script: confirming is one click.
 */
export function signOutPage(form: string, clientName: string | undefined): string {
  return page(
    'Sign out · Emulator identity provider',
    `<h1>Sign out of the emulator's identity provider?</h1>
<p>An application signed you out${askedBy(clientName)}. It asks whether to end your session here too. Until you
do, signing in through this provider again needs no password.</p>
${form}
<div class="actions">
<button autofocus type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<button type="submit" form="op.logoutForm">Stay signed in</button>
</div>`,
  );
}

/** Where a sign-out at the provider ends when no application asked to have the browser back. */
export function signedOutPage(): string {
  return page(
    'Signed out · Emulator identity provider',
    `<h1>You are signed out of the emulator's identity provider</h1>
<p>Go back to the application you came from to sign in again.</p>`,
  );
}
