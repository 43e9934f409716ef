import sharp, { type Metadata } from 'sharp';
import { ApiError } from '../errors';
import { imageQueue } from '../media/image-queue';
import { MAX_INPUT_PIXELS } from '../media/panorama-store';

export const MAX_IMAGE_BYTES = 60 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Bytes a decoded sample takes, by libvips band format. */
const SAMPLE_BYTES: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, double: 8, complex: 8, dpcomplex: 16 };

export interface CheckedImage {
  width: number;
  height: number;
  /** What the picture takes once decoded: its weight in the image queue. */
  decodedBytes: number;
}

/** How far from 2:1 an equirectangular panorama may be (rounding in cameras and stitchers). */
const EQUIRECT_TOLERANCE = 0.01;

/**
 * Checks what the bytes really are, whatever the file name says: JPEG, PNG or WebP only (415), no more than
 * 16384×8192 pixels (422, read from the header before anything is decoded), and 2:1 for panoramas. Truncated and
 * corrupt pictures are found when storePanorama decodes them (see storeCheckedImage).
 */
export async function checkImage(bytes: Buffer, options: { equirectangular: boolean }): Promise<CheckedImage> {
  let meta: Metadata;
  try {
    // Only the header is read here, so the pixel limit is checked below with its own message.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ApiError(415, 'UnsupportedMediaType', 'This file is not a picture. Upload a JPEG, PNG or WebP image.');
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
    throw new ApiError(415, 'UnsupportedMediaType', `Pictures must be JPEG, PNG or WebP (this one is ${meta.format ?? 'unknown'}).`);
  }
  const { width = 0, height = 0 } = meta;
  if (width * height > MAX_INPUT_PIXELS || width > 16384 || height > 16384) {
    throw new ApiError(422, 'ImageTooLarge', 'The picture is larger than 16384 × 8192 pixels.', { width, height });
  }
  if (options.equirectangular && Math.abs(width / height - 2) > 2 * EQUIRECT_TOLERANCE) {
    throw new ApiError(422, 'NotEquirectangular', 'A 360° panorama must be twice as wide as it is high (2:1). Mark other pictures as not equirectangular.', {
      width,
      height,
    });
  }
  return { width, height, decodedBytes: width * height * (meta.channels ?? 4) * (SAMPLE_BYTES[meta.depth ?? ''] ?? 1) };
}

/**
 * Stores a checked picture once the image queue has room for it (uploads wait there rather than being refused);
 * a decode failure (truncated, corrupt) is the uploader's 422, not our 500.
 */
export async function storeCheckedImage<T>(checked: CheckedImage, store: () => Promise<T>): Promise<T> {
  try {
    return await imageQueue.run(checked.decodedBytes, store);
  } catch (err) {
    if (err instanceof Error && !(err instanceof ApiError) && /VipsJpeg|pngload|webpload|truncated|corrupt|premature|Invalid|bad/i.test(err.message)) {
      throw new ApiError(422, 'ImageInvalid', 'The picture is damaged or incomplete. Export it again and retry.');
    }
    throw err;
  }
}
