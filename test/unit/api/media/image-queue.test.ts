import { describe, expect, it } from 'vitest';
import { WeightedQueue } from '../../../../api/media/image-queue';

/** Fake jobs that record what runs beside them and finish only when the test says so. */
function harness(budget: number) {
  const queue = new WeightedQueue(budget);
  const running = new Map<string, { weight: number; finish: () => void }>();
  const started: string[] = [];
  let peak = 0;
  const submit = (name: string, weight: number, turn: string[] = ['address 1', 'account 1']) =>
    queue.run(weight, turn, () => {
      started.push(name);
      return new Promise<string>((resolve) => {
        running.set(name, { weight, finish: () => (running.delete(name), resolve(name)) });
        const load = [...running.values()].reduce((sum, job) => sum + job.weight, 0);
        if (weight <= budget) peak = Math.max(peak, load);
        else expect(running.size).toBe(1); // heavier than the budget: alone
      });
    });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { submit, running, started, settle, peak: () => peak };
}

describe('WeightedQueue', () => {
  it('never lets the weights in flight pass the budget, queues the rest in order and runs them all', async () => {
    const h = harness(10);
    const weights = [4, 4, 4, 6, 3, 1, 7, 2, 2, 2, 5, 9];
    const done = weights.map((weight, i) => h.submit(`job${i}`, weight));
    await h.settle();
    expect(h.started).toEqual(['job0', 'job1']); // 4 + 4; the third 4 would make 12
    while (h.running.size > 0) {
      // Finish the oldest running job, as work would.
      [...h.running.values()][0].finish();
      await h.settle();
    }
    expect(await Promise.all(done)).toEqual(weights.map((_, i) => `job${i}`));
    expect(h.started).toEqual(weights.map((_, i) => `job${i}`));
    expect(h.peak()).toBeLessThanOrEqual(10);
    expect(h.peak()).toBeGreaterThan(4); // it does run jobs side by side
  });

  it('runs a job heavier than the whole budget alone, and small jobs that came after it wait for it', async () => {
    const h = harness(10);
    const small = h.submit('small', 3);
    const huge = h.submit('huge', 50);
    const after = h.submit('after', 1);
    await h.settle();
    expect(h.started).toEqual(['small']);
    h.running.get('small')!.finish();
    await h.settle();
    expect(h.started).toEqual(['small', 'huge']);
    h.running.get('huge')!.finish();
    await h.settle();
    h.running.get('after')!.finish();
    expect(await Promise.all([small, huge, after])).toEqual(['small', 'huge', 'after']);
  });

  it('frees the weight of a job that fails', async () => {
    const queue = new WeightedQueue(10);
    await expect(queue.run(8, ['address 1'], () => Promise.reject(new Error('corrupt picture')))).rejects.toThrow('corrupt picture');
    expect(await queue.run(8, ['address 1'], async () => 'next')).toBe('next');
  });

  /** Runs the queue one job at a time to its end; answers the order the jobs started in. */
  async function runOneByOne(h: ReturnType<typeof harness>, done: Array<Promise<string>>): Promise<string[]> {
    await h.settle();
    while (h.running.size > 0) {
      [...h.running.values()][0].finish();
      await h.settle();
    }
    await Promise.all(done);
    return h.started;
  }

  it("takes accounts in turn: another account's one job runs second, not behind the first account's six", async () => {
    const h = harness(10);
    const done = [1, 2, 3, 4, 5, 6].map((i) => h.submit(`A${i}`, 10, ['address A', 'account A']));
    done.push(h.submit('B1', 10, ['address B', 'account B']));
    expect(await runOneByOne(h, done)).toEqual(['A1', 'B1', 'A2', 'A3', 'A4', 'A5', 'A6']);
  });

  it('takes accounts at one address in turn, and gives many accounts made at one address one turn', async () => {
    const shared = harness(10);
    const fromOffice = [1, 2, 3].map((i) => shared.submit(`A${i}`, 10, ['address office', 'account A']));
    fromOffice.push(shared.submit('B1', 10, ['address office', 'account B']));
    expect(await runOneByOne(shared, fromOffice)).toEqual(['A1', 'B1', 'A2', 'A3']);

    const sybil = harness(10);
    const many = [1, 2, 3].map((i) => sybil.submit(`S${i}`, 10, ['address S', `account S${i}`]));
    many.push(sybil.submit('B1', 10, ['address B', 'account B']));
    expect(await runOneByOne(sybil, many)).toEqual(['S1', 'B1', 'S2', 'S3']);
  });

  describe('a job that holds memory between its steps (a tile cut)', () => {
    /** A queue of budget 10 and ceiling 100, and a holder of 60 whose steps of 20 finish when the test says. */
    async function holderHarness() {
      const queue = new WeightedQueue(10, 100);
      const started: string[] = [];
      const finishers = new Map<string, () => void>();
      const job = (name: string) => () => {
        started.push(name);
        return new Promise<string>((resolve) => finishers.set(name, () => resolve(name)));
      };
      const finish = async (name: string) => {
        finishers.get(name)!();
        await new Promise((resolve) => setImmediate(resolve));
      };
      const holding = await queue.hold(60, ['tiles']);
      return { queue, started, job, finish, holding, settle: () => new Promise((resolve) => setImmediate(resolve)) };
    }

    it('lets a small job run between its steps, beside what it holds, and the next step wait for it', async () => {
      const h = await holderHarness();
      const first = h.holding.run(20, h.job('step 1'));
      await h.settle();
      const upload = h.queue.run(8, ['address 1'], h.job('upload'));
      const second = h.holding.run(20, h.job('step 2'));
      await h.settle();
      expect(h.started, 'the step heavier than the budget runs alone').toEqual(['step 1']);
      await h.finish('step 1');
      expect(h.started, 'the upload next, not the second step').toEqual(['step 1', 'upload']);
      await h.finish('upload');
      expect(h.started).toEqual(['step 1', 'upload', 'step 2']);
      await h.finish('step 2');
      expect(await Promise.all([first, upload, second])).toEqual(['step 1', 'upload', 'step 2']);
    });

    it('keeps a job that would pass the ceiling beside it waiting until released, its steps going by meanwhile', async () => {
      const h = await holderHarness();
      const heavy = h.queue.run(50, ['address 1'], h.job('heavy'));
      await h.settle();
      expect(h.started, '60 held + 50 would pass 100').toEqual([]);
      const step = h.holding.run(20, h.job('step'));
      await h.settle();
      expect(h.started, 'the step that will give the memory back goes first').toEqual(['step']);
      await h.finish('step');
      expect(h.started).toEqual(['step']);
      h.holding.release();
      await h.settle();
      expect(h.started).toEqual(['step', 'heavy']);
      await h.finish('heavy');
      expect(await Promise.all([step, heavy])).toEqual(['step', 'heavy']);
    });

    it('takes its memory only in its turn: after a job heavier than the budget', async () => {
      const queue = new WeightedQueue(10, 100);
      let finishHeavy!: () => void;
      const heavy = queue.run(80, ['address 1'], () => new Promise<void>((resolve) => (finishHeavy = resolve)));
      let held = false;
      const holding = queue.hold(60, ['tiles']).then((taken) => ((held = true), taken));
      await new Promise((resolve) => setImmediate(resolve));
      expect(held).toBe(false);
      finishHeavy();
      await heavy;
      (await holding).release();
      expect(held).toBe(true);
    });
  });
});
