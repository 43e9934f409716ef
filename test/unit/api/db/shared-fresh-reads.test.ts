import { describe, expect, it } from 'vitest';
import { SharedFreshReads } from '../../../../api/db/shared-fresh-reads';

/** A read whose answer the test gives when it likes, counting how many were started. */
function controlledReads() {
  const started: Array<{ answer: (value: string) => void; fail: (error: Error) => void }> = [];
  const run = () =>
    new Promise<string>((resolve, reject) => {
      started.push({ answer: resolve, fail: reject });
    });
  return { started, run };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('reads shared by callers that ask together', () => {
  it('gives a caller that comes while a read runs the next read, started when that one ends, shared with all who came meanwhile', async () => {
    const reads = new SharedFreshReads<string>();
    const { started, run } = controlledReads();
    const first = reads.read('tour', run);
    const during = [reads.read('tour', run), reads.read('tour', run), reads.read('tour', run)];
    expect(started).toHaveLength(1);
    started[0].answer('before the commit');
    expect(await first).toBe('before the commit');
    await flush();
    expect(started).toHaveLength(2);
    started[1].answer('after the commit');
    expect(await Promise.all(during)).toEqual(['after the commit', 'after the commit', 'after the commit']);
  });

  it('starts a read of its own for a caller that comes when none runs, and keeps keys apart', async () => {
    const reads = new SharedFreshReads<string>();
    const { started, run } = controlledReads();
    const one = reads.read('one', run);
    const other = reads.read('other', run);
    expect(started).toHaveLength(2);
    started[0].answer('one');
    started[1].answer('other');
    expect([await one, await other]).toEqual(['one', 'other']);
    await flush();
    const later = reads.read('one', run);
    expect(started).toHaveLength(3);
    started[2].answer('one, later');
    expect(await later).toBe('one, later');
  });

  it('fails only the callers of the read that failed; those waiting for the next one get its answer', async () => {
    const reads = new SharedFreshReads<string>();
    const { started, run } = controlledReads();
    const first = reads.read('tour', run);
    const waiting = reads.read('tour', run);
    started[0].fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await flush();
    started[1].answer('answered');
    expect(await waiting).toBe('answered');
  });
});
