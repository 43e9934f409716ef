import sharp from 'sharp';
import { randomMediaName, storeMediaFiles } from './media-file-store';
import type { MediaStorage } from './media-storage';

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
 * Re-encodes an uploaded picture (the file at `path`) as JPEG without metadata and writes it with its `thumb-`,
 * `hotspot-` (and, for wide panoramas, `mobile-`) variants under `tours/`, all or none. The upload is decoded once.
 */
export async function storePanorama(media: MediaStorage, path: string): Promise<StoredPanorama> {
  // Baseline JPEG with plain Huffman tables is written row by row as the input decodes; progressive, trellis
  // (mozjpeg) and optimised coding each keep the whole picture's coefficients in memory (about 1.2 GB for a
  // 16384×8192 picture) and take several times as long. mozjpeg's quantisation tables keep most of its saving.
  // sharp drops metadata unless asked to keep it.
  const original = await sharp(path, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' })
    .rotate()
    .jpeg({ quality: 85, quantisationTable: 3, optimiseCoding: false })
    .toBuffer({ resolveWithObject: true });
  const { width, height } = original.info;
  // The variants shrink our own baseline JPEG, which libjpeg scales down while decoding: far cheaper than
  // decoding the upload (perhaps a PNG) again for each.
  const fromOriginal = () => sharp(original.data);
  const image = randomMediaName('jpg');
  const variants: Array<[string, Promise<Buffer>]> = [
    [
      `thumb-${image}`,
      fromOriginal()
        .resize({ ...THUMB_SIZE_PX, fit: 'cover' })
        .jpeg({ quality: 75 })
        .toBuffer(),
    ],
    [
      `hotspot-${image}`,
      fromOriginal()
        .resize({ ...HOTSPOT_SIZE_PX, fit: 'cover' })
        .jpeg({ quality: 75 })
        .toBuffer(),
    ],
  ];
  const mobileImage = width > MOBILE_MAX_WIDTH_PX ? `mobile-${image}` : '';
  if (mobileImage) {
    variants.push([mobileImage, fromOriginal().resize({ width: MOBILE_MAX_WIDTH_PX }).jpeg({ quality: 82 }).toBuffer()]);
  }
  const encoded = await Promise.all(variants.map(([, data]) => data));
  const files = variants.map(([name], i): [string, Buffer] => [name, encoded[i]]);
  // The original's name is what callers hand out, so it is written last, once all its variants are complete.
  files.push([image, original.data]);
  await storeMediaFiles(media, 'tours', files, 'image');
  return { image, width, height, size: original.data.length, mobileImage };
}
