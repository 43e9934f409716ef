import type { Worker } from 'node:worker_threads';
import type { CubeFace } from './cube-projection';
import type { DecodeBand } from './decode-worker';
import { nextMessage, startWorker } from './start-worker';
import type { RemapBand, TileWorkerData } from './tile-worker';

/** Two threads: both cores of a small server, while the main thread's share of the work is sharp's (off-thread). */
const WORKERS = 2;
/** Bands per face: enough that both workers stay busy to the end of a face whatever its rows cost. */
const BANDS_PER_FACE = 16;
const CHANNELS = 3;
/**
 * The picture is decoded at most this many bytes at a time: decoded whole, a 16384×8192 picture would be held twice
 * (sharp's buffer and the shared copy), 768 MB. Each band decodes the rows above it again (JPEG and PNG decode from
 * the top), so a 16K picture takes two bands, one and a half decodes; an 8K picture, one.
 */
const DECODE_BAND_BYTES = 192 * 1024 * 1024;

// The build emits each worker as JavaScript beside the server and rewrites these URLs to it.
const DECODE_WORKER_URL = new URL('./decode-worker.ts', import.meta.url);
const TILE_WORKER_URL = new URL('./tile-worker.ts', import.meta.url);

/** Worker threads sharing one decoded panorama, remapping cube faces from it into shared face buffers. */
export class RemapWorkers {
  private constructor(private readonly workers: Worker[]) {}

  /** Decodes the picture at `sourcePath` into memory the workers share, then starts them. */
  static async start(sourcePath: string, width: number, height: number): Promise<RemapWorkers> {
    const source = new SharedArrayBuffer(width * height * CHANNELS);
    const bandRows = Math.max(1, Math.floor(DECODE_BAND_BYTES / (width * CHANNELS)));
    for (let top = 0; top < height; top += bandRows) {
      const band: DecodeBand = { sourcePath, width, top, rows: Math.min(bandRows, height - top), target: source };
      const decoder = startWorker(DECODE_WORKER_URL, band);
      try {
        await nextMessage(decoder);
      } finally {
        await decoder.terminate();
      }
    }
    return new RemapWorkers(Array.from({ length: WORKERS }, () => startWorker(TILE_WORKER_URL, { source, width, height } satisfies TileWorkerData)));
  }

  /** Fills `target` (a `size`×`size` RGB face) with `face`, the workers taking its bands in turn. */
  async remapFace(face: CubeFace, size: number, target: SharedArrayBuffer): Promise<void> {
    const rowsPerBand = Math.ceil(size / BANDS_PER_FACE);
    const bands: RemapBand[] = [];
    for (let rowStart = 0; rowStart < size; rowStart += rowsPerBand) {
      bands.push({ face, size, rowStart, rowEnd: Math.min(size, rowStart + rowsPerBand), target });
    }
    await Promise.all(
      this.workers.map(async (worker) => {
        for (let band = bands.shift(); band; band = bands.shift()) {
          const done = nextMessage(worker);
          worker.postMessage(band);
          await done;
        }
      }),
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
