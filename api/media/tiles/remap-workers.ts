import type { Worker } from 'node:worker_threads';
import { CUBE_FACES, faceSourceRows, type CubeFace } from './cube-projection';
import type { DecodeBand } from './decode-worker';
import { nextMessage, startWorker } from './start-worker';
import type { RemapBand, TileWorkerData } from './tile-worker';

/** Two threads: both cores of a small server, while the main thread's share of the work is sharp's (off-thread). */
const WORKERS = 2;
/** Bands per face: enough that both workers stay busy to the end of a face whatever its rows cost. */
const BANDS_PER_FACE = 16;
const CHANNELS = 3;
/**
 * The rows a face needs are decoded at most this many bytes at a time, each chunk held twice (sharp's buffer and
 * the shared copy) until it is copied. Each chunk decodes the rows above it again (JPEG and PNG decode from the
 * top): a 16K picture's three spans take seven chunks, about four and a half decodes, a few seconds of CPU.
 */
const DECODE_BAND_BYTES = 64 * 1024 * 1024;

// The build emits each worker as JavaScript beside the server and rewrites these URLs to it.
const DECODE_WORKER_URL = new URL('./decode-worker.ts', import.meta.url);
const TILE_WORKER_URL = new URL('./tile-worker.ts', import.meta.url);

/**
 * Worker threads sharing the rows of one panorama that the faces being remapped need, remapping cube faces from
 * them into shared face buffers. Only one span of rows is held at a time (the side faces' band, or a polar cap): a
 * 16384×8192 picture decoded whole is 402 MB, its side band 158 MB.
 */
export class RemapWorkers {
  /** The rows [top, bottom) of the picture the shared buffer holds now. */
  private held = { top: 0, bottom: 0 };

  private constructor(
    private readonly workers: Worker[],
    private readonly source: SharedArrayBuffer,
    private readonly sourcePath: string,
    private readonly width: number,
    private readonly height: number,
  ) {}

  /** The bytes the workers share from start to end: the largest span of rows a face needs. */
  static heldBytes(width: number, height: number): number {
    return Math.max(...CUBE_FACES.map((face) => rowCount(faceSourceRows(face, height)))) * width * CHANNELS;
  }

  /** Starts the workers, sharing a buffer for the largest span of rows a face needs. */
  static start(sourcePath: string, width: number, height: number): RemapWorkers {
    const source = new SharedArrayBuffer(RemapWorkers.heldBytes(width, height));
    const workers = Array.from({ length: WORKERS }, () => startWorker(TILE_WORKER_URL, { source, width, height } satisfies TileWorkerData));
    return new RemapWorkers(workers, source, sourcePath, width, height);
  }

  /** The bytes that decoding the rows `face` needs takes beside what is held (none when they are held already). */
  decodeBytes(face: CubeFace): number {
    const rows = faceSourceRows(face, this.height);
    return this.holds(rows) ? 0 : 2 * Math.min(DECODE_BAND_BYTES, rowCount(rows) * this.width * CHANNELS);
  }

  /**
   * Fills `target` (a `size`×`size` RGB face) with `face`, the workers taking its bands in turn; first decodes the
   * rows it needs unless they are held already. Faces needing the same rows are best remapped one after another.
   * Stopped by `signal` between bands (a decode under way is ended at once).
   */
  async remapFace(face: CubeFace, size: number, target: SharedArrayBuffer, signal?: AbortSignal): Promise<void> {
    const rows = faceSourceRows(face, this.height);
    if (!this.holds(rows)) await this.decode(rows, signal);
    const firstRow = this.held.top;
    const rowsPerBand = Math.ceil(size / BANDS_PER_FACE);
    const bands: RemapBand[] = [];
    for (let rowStart = 0; rowStart < size; rowStart += rowsPerBand) {
      bands.push({ face, size, rowStart, rowEnd: Math.min(size, rowStart + rowsPerBand), target, firstRow });
    }
    await Promise.all(
      this.workers.map(async (worker) => {
        for (let band = bands.shift(); band; band = bands.shift()) {
          signal?.throwIfAborted();
          const done = nextMessage(worker);
          worker.postMessage(band);
          await done;
        }
      }),
    );
  }

  private holds({ top, bottom }: { top: number; bottom: number }): boolean {
    return top >= this.held.top && bottom <= this.held.bottom;
  }

  /** Decodes the rows [top, bottom) into the shared buffer, a chunk at a time, each in a thread of its own. */
  private async decode({ top, bottom }: { top: number; bottom: number }, signal: AbortSignal | undefined): Promise<void> {
    this.held = { top: 0, bottom: 0 };
    const chunkRows = Math.max(1, Math.floor(DECODE_BAND_BYTES / (this.width * CHANNELS)));
    for (let row = top; row < bottom; row += chunkRows) {
      signal?.throwIfAborted();
      const band: DecodeBand = {
        sourcePath: this.sourcePath,
        width: this.width,
        top: row,
        rows: Math.min(chunkRows, bottom - row),
        target: this.source,
        targetRow: row - top,
      };
      const decoder = startWorker(DECODE_WORKER_URL, band);
      // A chunk near the bottom decodes most of the picture: a stop does not wait for it.
      const stop = () => void decoder.terminate();
      signal?.addEventListener('abort', stop);
      try {
        await nextMessage(decoder);
      } catch (err) {
        signal?.throwIfAborted();
        throw err;
      } finally {
        signal?.removeEventListener('abort', stop);
        await decoder.terminate();
      }
    }
    this.held = { top, bottom };
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

function rowCount({ top, bottom }: { top: number; bottom: number }): number {
  return bottom - top;
}
