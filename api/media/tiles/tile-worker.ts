// A worker thread of the tile cutter: remaps bands of cube faces from the decoded panorama it shares with the
// cutter, so the projection runs beside the main thread (which keeps serving) and beside its twin.
import { parentPort, workerData } from 'node:worker_threads';
import { remapFaceRows, type CubeFace, type EquirectPixels } from './cube-projection';

/** What the cutter gives a worker when it starts it. */
export interface TileWorkerData {
  source: SharedArrayBuffer;
  width: number;
  height: number;
}

/** One band of rows of one face, written into `target` (the whole face, shared). */
export interface RemapBand {
  face: CubeFace;
  size: number;
  rowStart: number;
  rowEnd: number;
  target: SharedArrayBuffer;
}

const { source, width, height } = workerData as TileWorkerData;
const equirect: EquirectPixels = { pixels: new Uint8Array(source), width, height };

parentPort!.on('message', (band: RemapBand) => {
  remapFaceRows(equirect, band.face, band.size, band.rowStart, band.rowEnd, new Uint8Array(band.target));
  parentPort!.postMessage('done');
});
