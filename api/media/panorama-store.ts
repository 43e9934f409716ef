import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { writeFileAtomic } from './atomic-write';

/** Phones cap WebGL textures at 4096 px; wider panoramas also get a variant that fits. */
export const MOBILE_MAX_WIDTH_PX = 4096;
export const THUMB_SIZE_PX = { width: 400, height: 200 };
export const HOTSPOT_SIZE_PX = { width: 160, height: 160 };
export const MAX_INPUT_PIXELS = 16384 * 8192;

export interface StoredPanorama {
  /** Random, unguessable file name of the original under media/tours/. */
  image: string;
  width: number;
  height: number;
  size: number;
  /** Name of the phone-sized variant, or '' when the original already fits. */
  mobileImage: string;
}

/**
 * Re-encodes an uploaded picture as JPEG without metadata and writes it with its `thumb-`, `hotspot-` (and,
 * for wide panoramas, `mobile-`) variants under `mediaDir/tours`.
 */
export async function storePanorama(mediaDir: string, input: Buffer): Promise<StoredPanorama> {
  const dir = join(mediaDir, 'tours');
  await mkdir(dir, { recursive: true });
  const source = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' }).rotate();
  // sharp drops metadata unless asked to keep it.
  const original = await source().jpeg({ quality: 85, mozjpeg: true }).toBuffer({ resolveWithObject: true });
  const { width, height } = original.info;
  const image = `${randomBytes(16).toString('hex')}.jpg`;
  const variants: Array<[string, Promise<Buffer>]> = [
    [`thumb-${image}`, source().resize({ ...THUMB_SIZE_PX, fit: 'cover' }).jpeg({ quality: 75 }).toBuffer()],
    [`hotspot-${image}`, source().resize({ ...HOTSPOT_SIZE_PX, fit: 'cover' }).jpeg({ quality: 75 }).toBuffer()],
  ];
  const mobileImage = width > MOBILE_MAX_WIDTH_PX ? `mobile-${image}` : '';
  if (mobileImage) {
    variants.push([mobileImage, source().resize({ width: MOBILE_MAX_WIDTH_PX }).jpeg({ quality: 82 }).toBuffer()]);
  }
  // Variants first: the original's name is what callers hand out, so it appears only once all are complete.
  for (const [name, data] of variants) await writeFileAtomic(join(dir, name), await data);
  await writeFileAtomic(join(dir, image), original.data);
  return { image, width, height, size: original.data.length, mobileImage };
}
