// A short-lived worker thread that decodes one band of rows of the panorama into the buffer the remap workers
// share. sharp hands the band over in a buffer of its own that only a garbage collection would free; a thread's
// buffers are all freed when it ends, so each band's memory is given back before the next band takes its own.
import { parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '../panorama-store';

export interface DecodeBand {
  sourcePath: string;
  width: number;
  top: number;
  rows: number;
  target: SharedArrayBuffer;
}

const CHANNELS = 3;

const { sourcePath, width, top, rows, target } = workerData as DecodeBand;
const { data, info } = await sharp(sourcePath, { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true })
  .extract({ left: 0, top, width, height: rows })
  .removeAlpha()
  .toColourspace('srgb')
  .raw({ depth: 'uchar' })
  .toBuffer({ resolveWithObject: true });
if (info.channels !== CHANNELS) throw new Error(`Decoded ${info.channels} channels, expected ${CHANNELS}`);
new Uint8Array(target).set(data, top * width * CHANNELS);
parentPort!.postMessage('decoded');
