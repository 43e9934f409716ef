import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { TEMP_ROOT_VARIABLE } from '../api/support/temp-root-variable';

export const DEMO_PANORAMA = 'demo/panoramas/jordan-pond.jpg';

/** The pictures this test file has asked for, by name and size. */
const made = new Map<string, Promise<Buffer>>();

/**
 * A picture made once per run: sharp takes about a second to shrink the demo panorama on a busy machine (seconds
 * for a 16K one), and the test files ask for the same few sizes hundreds of times. The same bytes either way, as
 * sharp makes them; each caller gets a copy of its own to change.
 */
async function madeOnce(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let picture = made.get(key);
  if (!picture) {
    picture = fromRunFolder(key, make);
    made.set(key, picture);
    picture.catch(() => made.delete(key));
  }
  return Buffer.from(await picture);
}

/** Other test files (other processes) find the picture in the run's temp folder, which the run removes. */
async function fromRunFolder(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const root = process.env[TEMP_ROOT_VARIABLE];
  if (!root) return make();
  const folder = join(root, 'pictures');
  const file = join(folder, key);
  if (existsSync(file)) return readFileSync(file);
  const picture = await make();
  mkdirSync(folder, { recursive: true });
  // Renamed into place whole: a file made at the same time elsewhere is read complete or not at all.
  const partial = `${file}.${randomUUID()}`;
  writeFileSync(partial, picture);
  renameSync(partial, file);
  return picture;
}

/** A real 2:1 panorama, scaled down so tests stay quick. */
export function smallPanorama(width = 800): Promise<Buffer> {
  return madeOnce(`panorama-${width}.jpg`, () =>
    sharp(readFileSync(DEMO_PANORAMA))
      .resize({ width, height: width / 2 })
      .jpeg()
      .toBuffer(),
  );
}

export function flatPhoto(): Promise<Buffer> {
  return madeOnce('photo-600x450.png', () => sharp(readFileSync(DEMO_PANORAMA)).resize({ width: 600, height: 450, fit: 'cover' }).png().toBuffer());
}

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny, valid-looking PNG whose header claims width × height: a decompression bomb's calling card. */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** One flat colour, which lossless WebP packs into a few bytes: a decompression bomb that sharp really decodes. */
export function flatWebp(width: number, height: number): Promise<Buffer> {
  return madeOnce(`flat-${width}x${height}.webp`, () =>
    sharp({ create: { width, height, channels: 3, background: '#7a8b9c' } })
      .webp({ lossless: true, effort: 0 })
      .toBuffer(),
  );
}

/** The same as a PNG: zlib packs it a thousandfold at best, so 16384 × 8192 takes about 400 KB. */
export function flatPng(width: number, height: number): Promise<Buffer> {
  return madeOnce(`flat-${width}x${height}.png`, () =>
    sharp({ create: { width, height, channels: 3, background: '#7a8b9c' } })
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
}

export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await smallPanorama(1600);
  return whole.subarray(0, Math.floor(whole.length / 2));
}
