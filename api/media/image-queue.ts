import sharp from 'sharp';

/**
 * Runs jobs so that the weights of those in flight stay within a budget. Jobs start in arrival order; one that
 * does not fit waits (and holds back those behind it, so a large job is never starved by a stream of small ones).
 * A job heavier than the whole budget runs alone.
 */
export class WeightedQueue {
  private inFlight = 0;
  private readonly waiting: Array<{ weight: number; start: () => void }> = [];

  constructor(private readonly budget: number) {}

  async run<T>(weight: number, job: () => Promise<T>): Promise<T> {
    await this.admit(weight);
    try {
      return await job();
    } finally {
      this.inFlight -= weight;
      this.startWaiting();
    }
  }

  private admit(weight: number): Promise<void> {
    if (this.waiting.length === 0 && this.fits(weight)) {
      this.inFlight += weight;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push({ weight, start: resolve }));
  }

  private fits(weight: number): boolean {
    return this.inFlight === 0 || this.inFlight + weight <= this.budget;
  }

  private startWaiting(): void {
    while (this.waiting.length > 0 && this.fits(this.waiting[0].weight)) {
      const next = this.waiting.shift()!;
      this.inFlight += next.weight;
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
