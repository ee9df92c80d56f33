/**
 * The runtime room: what every part is handed rather than takes, the one clock (here) and the one log (log.ts).
 * It imports nothing of the server.
 */

/** The one source of time on the server, injectable so tests can move it without waiting. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * Another clock moved on by an offset that only grows: what the emulator's control API advances, so that every
 * part of the server that reads the one clock sees the same jump (tokens, rate-limit windows, lockouts, SSO).
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
  get offsetMs(): number {
    return this.offset;
  }
}
