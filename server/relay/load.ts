import { rateLimitKey } from '../rate-limit/caller-key.ts';

export interface RelayLimits {
  /** Bytes of tenant answers held at once, over all callers: read from the tenant or still being sent on. */
  maxBytes: number;
  /** The same for one caller, so that one caller cannot take all of `maxBytes`. */
  maxBytesPerCaller: number;
  /** Relayed requests one caller may have in flight. */
  maxRequestsPerCaller: number;
  /** How long a client may go without taking any of its answer before the relay closes its connection. */
  sendIdleTimeoutMs: number;
  /**
   * However it trickles, a client is cut off once `sendGraceMs` plus its answer's size at `minSendBytesPerSecond`
   * have passed: a reader that takes a little now and then would otherwise hold its answer's bytes for ever.
   */
  sendGraceMs: number;
  minSendBytesPerSecond: number;
}

const MB = 1024 * 1024;

/**
 * A caller's share fits one answer of the largest size passed on (10 MB) besides small ones; all of it fits
 * four callers' shares. A 10 MB answer must be taken within 50 s (2 Mbit/s). Behind a reverse proxy that
 * buffers answers (nginx does by default), the clients' own speed never reaches here.
 */
export const RELAY_LIMITS: RelayLimits = {
  maxBytes: 64 * MB,
  maxBytesPerCaller: 16 * MB,
  maxRequestsPerCaller: 16,
  sendIdleTimeoutMs: 10_000,
  sendGraceMs: 10_000,
  minSendBytesPerSecond: 256 * 1024,
};

/** A relayed request's hold on the relay: its place in flight and the answer bytes it reserved. */
export interface RelaySlot {
  /** Reserves `bytes` more of answer; false (nothing reserved) when that would pass a bound or after release. */
  reserve: (bytes: number) => boolean;
  /** Gives back the place and every byte reserved; later calls do nothing. */
  release: () => void;
}

interface Share {
  requests: number;
  bytes: number;
}

/** What the relay holds for requests in flight, overall and per caller (IPv6 callers per /64, as rate limits). */
export class RelayLoad {
  private held = 0;
  private peak = 0;
  private inFlight = 0;
  private readonly callers = new Map<string, Share>();

  constructor(readonly limits: RelayLimits = RELAY_LIMITS) {}

  /** Answer bytes held now. */
  get bytes(): number {
    return this.held;
  }

  /** The most answer bytes ever held at once. */
  get peakBytes(): number {
    return this.peak;
  }

  /** Relayed requests in flight now. */
  get requests(): number {
    return this.inFlight;
  }

  /** A slot for one more request of `caller`, or null when it already has as many in flight as allowed. */
  admit(caller: string): RelaySlot | null {
    const key = rateLimitKey(caller);
    const share = this.callers.get(key) ?? { requests: 0, bytes: 0 };
    if (share.requests >= this.limits.maxRequestsPerCaller) return null;
    share.requests++;
    this.callers.set(key, share);
    this.inFlight++;
    let reserved = 0;
    let released = false;
    return {
      reserve: (bytes) => {
        if (
          released ||
          this.held + bytes > this.limits.maxBytes ||
          share.bytes + bytes > this.limits.maxBytesPerCaller
        ) {
          return false;
        }
        reserved += bytes;
        share.bytes += bytes;
        this.held += bytes;
        this.peak = Math.max(this.peak, this.held);
        return true;
      },
      release: () => {
        if (released) return;
        released = true;
        this.held -= reserved;
        share.bytes -= reserved;
        share.requests--;
        this.inFlight--;
        if (share.requests === 0) this.callers.delete(key);
      },
    };
  }
}
