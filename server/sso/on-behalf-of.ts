import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const HEADER = 'x-emulator-on-behalf-of';

/**
 * The calls this server makes to its own provider over loopback (discovery, the code exchange, keys), marked so
 * that they count as the caller whose request made them, not as the loopback address: otherwise one caller's
 * bogus codes would spend the allowance of every sign-in. The mark carries a secret of this process, so no one
 * else can name a caller with it.
 */
export class OnBehalfOf {
  private readonly secret = randomBytes(32);
  private readonly current = new AsyncLocalStorage<string>();

  /** Runs `work` for `caller`: the loopback calls it makes are counted on `caller`. */
  run<T>(caller: string, work: () => T): T {
    return this.current.run(caller, work);
  }

  /** The header to put on a loopback call made now ({} outside `run`). */
  headers(): Record<string, string> {
    const caller = this.current.getStore();
    if (caller === undefined) return {};
    return { [HEADER]: `${this.secret.toString('base64url')} ${encodeURIComponent(caller)}` };
  }

  /** The caller a request of this server to itself was made for, or null; the header is removed either way. */
  callerOf(req: IncomingMessage): string | null {
    const value = req.headers[HEADER];
    if (value === undefined) return null;
    delete req.headers[HEADER];
    if (typeof value !== 'string') return null;
    const space = value.indexOf(' ');
    const secret = Buffer.from(value.slice(0, Math.max(0, space)), 'base64url');
    if (secret.length !== this.secret.length || !timingSafeEqual(secret, this.secret)) return null;
    try {
      return decodeURIComponent(value.slice(space + 1));
    } catch {
      return null;
    }
  }
}
