import type { Clock } from '../runtime/clock.ts';

/** A clock that only moves when told to: what tests hand the server instead of the system's. */
export class ManualClock implements Clock {
  constructor(private ms: number = Date.now()) {}
  now(): number {
    return this.ms;
  }
  set(ms: number): void {
    this.ms = ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}
