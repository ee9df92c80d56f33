/** How many slots each name sets and reads: more make a false "locked" rarer while the table is sparse. */
const SLOTS_PER_NAME = 4;

/**
 * Lock expiry times in a fixed table, so that no number of locks can grow memory and none can push out another.
 * A name's lock raises each of its slots to the lock's end; the name reads as locked while all of its slots hold a
 * later time. A slot only ever rises until its time passes, so a live lock always reads as locked. The price is
 * the reverse error: a name whose slots all happen to hold other live locks reads as locked too. With n live locks
 * in s slots that happens to a name with probability (1 - e^(-4n/s))^4: with the default 2^20 slots, about 2 in a
 * million at 10,000 live locks and 1 in 100 at 100,000 (see the README's lockout arithmetic for what that takes).
 */
export class LockTable {
  private readonly until: Float64Array;
  private readonly mask: number;

  /** @param slots a power of two; 8 bytes each. */
  constructor(slots: number) {
    if (!Number.isInteger(Math.log2(slots))) throw new Error('the lock table needs a power of two of slots');
    this.until = new Float64Array(slots);
    this.mask = slots - 1;
  }

  /** Lifts every lock. */
  clear() {
    this.until.fill(0);
  }

  /** @param digest at least 16 uniformly random bytes naming the account (a SHA-256 digest of its name). */
  lock(digest: Buffer, until: number) {
    for (let i = 0; i < SLOTS_PER_NAME; i++) {
      const slot = this.slot(digest, i);
      if (this.until[slot]! < until) this.until[slot] = until;
    }
  }

  /** When the name's lock ends, in ms since the epoch; in the past when it is not locked. */
  lockedUntil(digest: Buffer): number {
    let until = Infinity;
    for (let i = 0; i < SLOTS_PER_NAME; i++) until = Math.min(until, this.until[this.slot(digest, i)]!);
    return until;
  }

  private slot(digest: Buffer, i: number): number {
    return digest.readUInt32LE(i * 4) & this.mask;
  }
}
