import { createHash, timingSafeEqual } from 'node:crypto';

/** A person the embedded provider can sign in, and what it tells relying parties about them. */
export interface Identity {
  /** The subject (`sub`) and sign-in name. */
  id: string;
  email: string;
  name: string;
}

/** The demo password of every identity; documented in the README. */
export const DEMO_IDP_PASSWORD = 'Sso-demo-2026';

/** The demo identities (documented in the README): one per way a sign-in can end in the realm. */
export const DEMO_IDENTITIES: readonly Identity[] = [
  { id: 'jane', email: 'jdoe@example.edu', name: 'Jane Doe' },
  { id: 'nobody', email: 'nobody@example.org', name: 'No Body' },
  { id: 'robin', email: 'retired@example.edu', name: 'Robin Retired' },
];

const PASSWORD_DIGEST = createHash('sha256').update(DEMO_IDP_PASSWORD).digest();

export function findIdentity(id: string): Identity | undefined {
  return DEMO_IDENTITIES.find((identity) => identity.id === id);
}

/** The identity for a sign-in name (any letter case) and password, or undefined. */
export function checkIdentity(name: string, password: string): Identity | undefined {
  const identity = findIdentity(name.trim().toLowerCase());
  // Compared as digests so that the time taken says nothing about the password's length or prefix.
  const matches = timingSafeEqual(createHash('sha256').update(password).digest(), PASSWORD_DIGEST);
  return identity && matches ? identity : undefined;
}
