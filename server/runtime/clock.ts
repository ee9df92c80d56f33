/**
 * The runtime room: what every part is handed rather than takes, the one clock (here) and the one log (log.ts).
 * It imports nothing of the server.
 */

/** The one source of time on the server, injectable so tests can move it without waiting. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** An HTTP date (RFC 1123, always GMT), as the Date header and X-RateLimit-Reset write a time of the clock. */
export function httpDate(ms: number): string {
  return new Date(ms).toUTCString();
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * Another clock moved by an offset: what the emulator's control API advances or sets (0 is the base clock's own
 * time), so that every part of the server that reads the one clock sees the same jump (the Date of every answer,
 * tokens, rate-limit windows, lockouts, SSO).
 */
export class OffsetClock implements Clock {
  private offset = 0;
  constructor(private readonly base: Clock) {}
  now(): number {
    return this.base.now() + this.offset;
  }
  advance(ms: number): void {
    this.offset += ms;
  }

  /** Sets the offset itself: 0 puts the clock back to the base clock's time. */
  setOffset(ms: number): void {
    this.offset = ms;
  }
  get offsetMs(): number {
    return this.offset;
  }
}
