import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

export const DEMO_PANORAMA = 'demo/panoramas/jordan-pond.jpg';

/** A real 2:1 panorama, scaled down so tests stay quick. */
export function smallPanorama(width = 800): Promise<Buffer> {
  return sharp(readFileSync(DEMO_PANORAMA))
    .resize({ width, height: width / 2 })
    .jpeg()
    .toBuffer();
}

export function flatPhoto(): Promise<Buffer> {
  return sharp(readFileSync(DEMO_PANORAMA)).resize({ width: 600, height: 450, fit: 'cover' }).png().toBuffer();
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
  return sharp({ create: { width, height, channels: 3, background: '#7a8b9c' } })
    .webp({ lossless: true, effort: 0 })
    .toBuffer();
}

/** The same as a PNG: zlib packs it a thousandfold at best, so 16384 × 8192 takes about 400 KB. */
export function flatPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#7a8b9c' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await smallPanorama(1600);
  return whole.subarray(0, Math.floor(whole.length / 2));
}
