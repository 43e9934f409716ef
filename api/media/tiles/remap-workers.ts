import { Worker } from 'node:worker_threads';
import type { CubeFace } from './cube-projection';
import type { RemapBand, TileWorkerData } from './tile-worker';

/** Two threads: both cores of a small server, while the main thread's share of the work is sharp's (off-thread). */
const WORKERS = 2;
/** Bands per face: enough that both workers stay busy to the end of a face whatever its rows cost. */
const BANDS_PER_FACE = 16;

// The build emits the worker as JavaScript beside the server and rewrites this URL to it.
const WORKER_URL = new URL('./tile-worker.ts', import.meta.url);

/** A worker from source (tests, `tsx`) runs its TypeScript through tsx's loader, which Node only offers by `import`. */
function startWorker(workerData: TileWorkerData): Worker {
  if (!WORKER_URL.pathname.endsWith('.ts')) return new Worker(WORKER_URL, { workerData });
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/** Worker threads sharing one decoded panorama, remapping cube faces from it into shared face buffers. */
export class RemapWorkers {
  private readonly workers: Worker[];

  constructor(source: SharedArrayBuffer, width: number, height: number) {
    this.workers = Array.from({ length: WORKERS }, () => startWorker({ source, width, height }));
  }

  /** Fills `target` (a `size`×`size` RGB face) with `face`, the workers taking its bands in turn. */
  async remapFace(face: CubeFace, size: number, target: SharedArrayBuffer): Promise<void> {
    const rowsPerBand = Math.ceil(size / BANDS_PER_FACE);
    const bands: RemapBand[] = [];
    for (let rowStart = 0; rowStart < size; rowStart += rowsPerBand) {
      bands.push({ face, size, rowStart, rowEnd: Math.min(size, rowStart + rowsPerBand), target });
    }
    await Promise.all(this.workers.map((worker) => takeBands(worker, bands)));
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

/** Hands `worker` the next band from `bands` each time it finishes one, until none are left. */
function takeBands(worker: Worker, bands: RemapBand[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const next = () => {
      const band = bands.shift();
      if (!band) {
        worker.off('message', next);
        worker.off('error', reject);
        resolve();
        return;
      }
      worker.postMessage(band);
    };
    worker.on('message', next);
    worker.once('error', reject);
    next();
  });
}
