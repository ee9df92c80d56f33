import { describe, expect, it } from 'vitest';
import { signInPage, signOutPage } from './pages.ts';

/** Each paragraph's text as a reader sees it: tags gone, entities read, lines joined. */
function paragraphs(html: string): string[] {
  return [...html.matchAll(/<p[^>]*>([\s\S]*?)<\/p>/g)].map(([, inner]) =>
    inner!
      .replace(/<[^>]+>/g, '')
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

const HINT = { names: ['jane'], publicPassword: null };

// Any name a client may have: a product name, a lower-case client id, one that starts with "the", none at all.
const NAMES = ['Auth Console emulator', 'my-client', 'the reporting tool', undefined];

describe("the provider's pages name the application in sentences that read well with any name", () => {
  it.each(NAMES)('sign-in, asked by %s', (clientName) => {
    const lines = paragraphs(signInPage({ action: '/idp/interaction/x', clientName, hint: HINT }));
    expect(lines[0]).toBe(
      clientName
        ? `An application asks you to sign in: ${clientName}.`
        : 'An application asks you to sign in.',
    );
    for (const line of lines) expect(line).toMatch(/^[A-Z]/);
  });

  it.each(NAMES)('sign-out, asked by %s', (clientName) => {
    const [line] = paragraphs(signOutPage('<form id="op.logoutForm"></form>', clientName));
    expect(line).toBe(
      `An application signed you out${clientName ? `: ${clientName}` : ''}. It asks whether to end your session ` +
        'here too. Until you do, signing in through this provider again needs no password.',
    );
  });

  it('escapes the name', () => {
    expect(signInPage({ action: '/a', clientName: '<b>x</b>', hint: HINT })).toContain(
      'sign in: <strong>&#60;b&#62;x&#60;/b&#62;</strong>.',
    );
  });
});
