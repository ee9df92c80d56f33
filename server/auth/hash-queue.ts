export interface HashQueueLimits {
  /** Hashes computed at once. */
  running: number;
  /** Hashes waiting for a turn; beyond these, a sign-in is turned away. */
  waiting: number;
  /** Places (running or waiting) one caller may hold, so that one caller cannot take the whole queue. */
  perCaller: number;
}

/**
 * Two of libuv's four threads: scrypt and file reads share that pool, so the other two stay free for the
 * console's files however many sign-ins arrive. Sixteen waiting is under a second of queue at the default cost;
 * four places per caller leave at least three quarters of them to everybody else.
 */
export const DEFAULT_HASH_QUEUE: HashQueueLimits = { running: 2, waiting: 16, perCaller: 4 };

/** Password hashes in turn, a bounded number at once, a bounded number waiting, and a bounded share per caller. */
export class HashQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Places held per caller key; an entry exists only while its count is above zero, so at most running + waiting. */
  private readonly held = new Map<string, number>();

  constructor(private readonly limits: HashQueueLimits = DEFAULT_HASH_QUEUE) {}

  /** Whether a hash `caller` asked for now would run or wait, rather than be turned away. */
  hasRoomFor(caller: string): boolean {
    if ((this.held.get(caller) ?? 0) >= this.limits.perCaller) return false;
    return this.running < this.limits.running || this.waiting.length < this.limits.waiting;
  }

  /** Runs `hash` in its turn; throws at once when there is no room for `caller` (check `hasRoomFor` first). */
  async run<T>(caller: string, hash: () => Promise<T>): Promise<T> {
    if (!this.hasRoomFor(caller)) throw new Error('the hash queue is full');
    this.held.set(caller, (this.held.get(caller) ?? 0) + 1);
    try {
      if (this.running < this.limits.running) this.running++;
      else await new Promise<void>((turn) => this.waiting.push(turn));
      try {
        return await hash();
      } finally {
        const next = this.waiting.shift();
        if (next) next();
        else this.running--;
      }
    } finally {
      const count = this.held.get(caller)! - 1;
      if (count === 0) this.held.delete(caller);
      else this.held.set(caller, count);
    }
  }
}
