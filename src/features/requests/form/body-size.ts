import { MAX_BODY_BYTES } from '@contract/body-limit';
import { RELAY_BODY_LIMIT_TEXT } from '@/lib/relay-limit';
import { sizeText } from '../answer/status-meaning';

/**
 * Why a body is too large to send, or undefined: this server reads bodies of at most 64 KB, its emulator and its
 * relay alike, and through the relay that is the relay's own limit, not the tenant's. Checked before sending, so
 * that nothing goes out to be refused.
 */
export function bodyOverLimit(body: string, relayed: boolean): string | undefined {
  const bytes = new TextEncoder().encode(body).byteLength;
  if (bytes <= MAX_BODY_BYTES) return undefined;
  const reader = relayed
    ? 'this server’s relay passes bodies of at most'
    : 'this server’s emulator takes bodies of at most';
  const whose = relayed ? ', its own limit, not the tenant’s' : '';
  return `The body is ${sizeText(bytes)}: ${reader} ${RELAY_BODY_LIMIT_TEXT}${whose}. Nothing was sent.`;
}
