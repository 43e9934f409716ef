import sharp from 'sharp';

/**
 * Whom a job is run for, most general first (an address, then an account at it): the queue takes them in turn. By
 * address first, so many accounts made at one address share its turn; then by account, so callers behind one
 * address (an office, a proxy) still take turns.
 */
export type QueueTurn = readonly string[];

interface WaitingJob {
  weight: number;
  turn: QueueTurn;
  start: () => void;
}

/**
 * Runs jobs so that the weights of those in flight stay within a budget, taking those they are run for in turn:
 * the next job to start is the one whose address, then account, was served least recently (the earliest among
 * equals), so one account's many jobs cannot hold another's one. The next job waits until it fits (and holds back those
 * behind it, so a large job is never starved by a stream of small ones). A job heavier than the whole budget runs
 * alone.
 */
export class WeightedQueue {
  private inFlight = 0;
  private readonly waiting: WaitingJob[] = [];
  /** For each address or account with jobs waiting or running: how many, and when one of them last started. */
  private readonly parties = new Map<string, { jobs: number; lastServed: number }>();
  private started = 0;

  constructor(private readonly budget: number) {}

  async run<T>(weight: number, turn: QueueTurn, job: () => Promise<T>): Promise<T> {
    for (const party of turn) {
      const known = this.parties.get(party);
      if (known) known.jobs += 1;
      else this.parties.set(party, { jobs: 1, lastServed: 0 });
    }
    await new Promise<void>((start) => {
      this.waiting.push({ weight, turn, start });
      this.startWaiting();
    });
    try {
      return await job();
    } finally {
      this.inFlight -= weight;
      for (const party of turn) {
        const known = this.parties.get(party)!;
        if (--known.jobs === 0) this.parties.delete(party);
      }
      this.startWaiting();
    }
  }

  private fits(weight: number): boolean {
    return this.inFlight === 0 || this.inFlight + weight <= this.budget;
  }

  /** Whether `a` goes before `b`: its address was served less recently, or the same and then its account. */
  private goesBefore(a: WaitingJob, b: WaitingJob): boolean {
    for (let i = 0; i < Math.min(a.turn.length, b.turn.length); i++) {
      const earlier = this.parties.get(a.turn[i])!.lastServed - this.parties.get(b.turn[i])!.lastServed;
      if (earlier !== 0) return earlier < 0;
    }
    return false;
  }

  private nextInTurn(): number {
    let next = 0;
    for (let i = 1; i < this.waiting.length; i++) if (this.goesBefore(this.waiting[i], this.waiting[next])) next = i;
    return next;
  }

  private startWaiting(): void {
    while (this.waiting.length > 0) {
      const index = this.nextInTurn();
      const next = this.waiting[index];
      if (!this.fits(next.weight)) return;
      this.waiting.splice(index, 1);
      this.inFlight += next.weight;
      this.started += 1;
      for (const party of next.turn) this.parties.get(party)!.lastServed = this.started;
      next.start();
    }
  }
}

/**
 * Decoded bytes of pictures being processed at once: two 4096×2048 RGBA panoramas. sharp uses one thread per
 * picture on glibc, so two at a time keep both cores of a small server busy; more would only add memory.
 */
export const DECODED_BYTES_IN_FLIGHT = 2 * 4096 * 2048 * 4;

/** The one queue every upload's image processing goes through, process-wide, as memory is. */
export const imageQueue = new WeightedQueue(DECODED_BYTES_IN_FLIGHT);

// Every upload is a new picture, so libvips' operation cache would never hit; it would only hold memory.
sharp.cache(false);
