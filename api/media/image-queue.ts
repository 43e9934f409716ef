import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from './panorama-store';

/**
 * Whom a job is run for, most general first (an address, then an account at it): the queue takes them in turn. By
 * address first, so many accounts made at one address share its turn; then by account, so callers behind one
 * address (an office, a proxy) still take turns.
 */
export type QueueTurn = readonly string[];

interface WaitingJob {
  weight: number;
  turn: QueueTurn;
  /** A step of a job that holds memory between its steps: what it holds is counted already. */
  holder: boolean;
  start: () => void;
}

/** Memory a long job keeps from its start to its end, taken in its turn; its steps take their turns one by one. */
export interface Holding {
  /** Runs one step in its turn, `weight` bytes beside what is held. */
  run<T>(weight: number, job: () => Promise<T>): Promise<T>;
  /** Gives the held memory back (once). */
  release(): void;
}

/**
 * Runs jobs so that the weights of those in flight stay within a budget, taking those they are run for in turn:
 * the next job to start is the one whose address, then account, was served least recently (the earliest among
 * equals), so one account's many jobs cannot hold another's one. The next job waits until it fits (and holds back those
 * behind it, so a large job is never starved by a stream of small ones). A job heavier than the whole budget runs
 * alone.
 *
 * A long job (a tile cut) holds memory between its steps: taking it waits a turn like a job of that weight, and
 * from then on the held bytes count against the ceiling, the most the queue may have at once (the heaviest job it
 * runs alone). Its steps take their turns like other jobs, so others run between them; a job that would pass the
 * ceiling beside what is held waits until it is given back, letting the holder's steps by meanwhile.
 */
export class WeightedQueue {
  private inFlight = 0;
  private held = 0;
  private readonly waiting: WaitingJob[] = [];
  /** For each address or account with jobs waiting or running: how many, and when one of them last started. */
  private readonly parties = new Map<string, { jobs: number; lastServed: number }>();
  private started = 0;

  constructor(
    private readonly budget: number,
    private readonly ceiling = Number.POSITIVE_INFINITY,
  ) {}

  run<T>(weight: number, turn: QueueTurn, job: () => Promise<T>): Promise<T> {
    return this.runJob(weight, turn, false, job);
  }

  /** Waits for the turn of a job weighing `weight`, then holds that memory until released; see the class's note. */
  async hold(weight: number, turn: QueueTurn): Promise<Holding> {
    await this.run(weight, turn, async () => {
      this.held += weight;
    });
    let held = true;
    return {
      run: (stepWeight, job) => this.runJob(stepWeight, turn, true, job),
      release: () => {
        if (!held) return;
        held = false;
        this.held -= weight;
        this.startWaiting();
      },
    };
  }

  private async runJob<T>(weight: number, turn: QueueTurn, holder: boolean, job: () => Promise<T>): Promise<T> {
    for (const party of turn) {
      const known = this.parties.get(party);
      if (known) known.jobs += 1;
      else this.parties.set(party, { jobs: 1, lastServed: 0 });
    }
    await new Promise<void>((start) => {
      this.waiting.push({ weight, turn, holder, start });
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

  private fits({ weight, holder }: WaitingJob): boolean {
    // Alone: nothing else running, and nothing held but the job's own.
    if (this.inFlight === 0 && (holder || this.held === 0)) return true;
    return this.inFlight + weight <= this.budget && this.held + this.inFlight + weight <= this.ceiling;
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
      let index = this.nextInTurn();
      // A job waiting for held memory to be given back lets the steps that will give it back go first.
      if (!this.fits(this.waiting[index])) index = this.waiting.findIndex((job) => job.holder && this.fits(job));
      if (index < 0) return;
      const next = this.waiting[index];
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
/** The most decoded bytes at once: the heaviest picture an upload may be, decoded alone (a tile cut holds less). */
export const DECODED_BYTES_CEILING = MAX_INPUT_PIXELS * 4;

/** The one queue every upload's image processing and every tile cut goes through, process-wide, as memory is. */
export const imageQueue = new WeightedQueue(DECODED_BYTES_IN_FLIGHT, DECODED_BYTES_CEILING);

// Every upload is a new picture, so libvips' operation cache would never hit; it would only hold memory.
sharp.cache(false);
