export interface HashQueueLimits {
  /** Hashes computed at once. */
  running: number;
  /** Hashes waiting for a turn; beyond these, a sign-in is turned away. */
  waiting: number;
}

/**
 * Two of libuv's four threads: scrypt and file reads share that pool, so the other two stay free for the
 * console's files however many sign-ins arrive. Sixteen waiting is under a second of queue at the default cost.
 */
export const DEFAULT_HASH_QUEUE: HashQueueLimits = { running: 2, waiting: 16 };

/** Password hashes in turn, a bounded number at once and a bounded number waiting. */
export class HashQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limits: HashQueueLimits = DEFAULT_HASH_QUEUE) {}

  /** Whether a hash asked for now would run or wait, rather than be turned away. */
  get hasRoom(): boolean {
    return this.running < this.limits.running || this.waiting.length < this.limits.waiting;
  }

  /** Runs `hash` in its turn; throws at once when there is no room (check `hasRoom` first). */
  async run<T>(hash: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.running) this.running++;
    else if (this.waiting.length < this.limits.waiting)
      await new Promise<void>((turn) => this.waiting.push(turn));
    else throw new Error('the hash queue is full');
    try {
      return await hash();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
