import sharp, { type Metadata } from 'sharp';
import { ApiError } from '../http/errors';
import { imageQueue, type QueueTurn } from '../media/image-queue';
import { MAX_INPUT_PIXELS } from '../media/panorama-store';
import type { SpooledFile } from './upload';

export const MAX_IMAGE_BYTES = 60 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Bytes a decoded sample takes, by libvips band format. */
const SAMPLE_BYTES: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, double: 8, complex: 8, dpcomplex: 16 };

export interface CheckedImage {
  width: number;
  height: number;
  /** What the picture takes once decoded: its weight in the image queue. */
  decodedBytes: number;
  /** Has transparency (a logo, say) to keep. */
  hasAlpha: boolean;
}

/**
 * Above this many pixels, a picture must bring at least a byte of file per PIXELS_PER_FILE_BYTE pixels: a few
 * kilobytes that unpack to 16384 × 8192 are a decompression bomb, while real panoramas of that size are megabytes.
 * Logos, floor plans and phone panoramas stay below it, however well they compress.
 */
const DENSITY_CHECKED_ABOVE_PIXELS = 16_000_000;
const PIXELS_PER_FILE_BYTE = 100;

/** How far from 2:1 an equirectangular panorama may be (rounding in cameras and stitchers). */
const EQUIRECT_TOLERANCE = 0.01;

/**
 * Checks what the file really is, whatever its name says: JPEG, PNG or WebP only (415), no more than 16384×8192
 * pixels and not far more pixels than its size can hold (422, read from the header before anything is decoded),
 * and 2:1 for panoramas. Truncated and corrupt pictures are found when they are decoded (see storeCheckedImage).
 */
export async function checkImage(file: SpooledFile, options: { equirectangular: boolean }): Promise<CheckedImage> {
  let meta: Metadata;
  try {
    // Only the header is read here, so the pixel limit is checked below with its own message.
    meta = await sharp(file.path, { limitInputPixels: false }).metadata();
  } catch {
    throw new ApiError(415, 'UnsupportedMediaType', 'This file is not a picture. Upload a JPEG, PNG or WebP image.');
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
    throw new ApiError(415, 'UnsupportedMediaType', `Pictures must be JPEG, PNG or WebP (this one is ${meta.format ?? 'unknown'}).`);
  }
  const { width = 0, height = 0 } = meta;
  if (width * height > MAX_INPUT_PIXELS || width > 16384 || height > 16384) {
    throw new ApiError(422, 'ImageTooLarge', 'The picture is larger than 16384 × 8192 pixels.', { details: { width, height } });
  }
  if (width * height > DENSITY_CHECKED_ABOVE_PIXELS && file.size * PIXELS_PER_FILE_BYTE < width * height) {
    throw new ApiError(
      422,
      'ImageTooLarge',
      `This ${file.size}-byte file unpacks to ${width} × ${height} pixels, too many for its size. Save it as an ordinary JPEG and retry.`,
      {
        details: {
          width,
          height,
          bytes: file.size,
        },
      },
    );
  }
  if (options.equirectangular && Math.abs(width / height - 2) > 2 * EQUIRECT_TOLERANCE) {
    throw new ApiError(422, 'NotEquirectangular', 'A 360° panorama must be twice as wide as it is high (2:1). Mark other pictures as not equirectangular.', {
      details: {
        width,
        height,
      },
    });
  }
  return { width, height, decodedBytes: width * height * (meta.channels ?? 4) * (SAMPLE_BYTES[meta.depth ?? ''] ?? 1), hasAlpha: meta.hasAlpha };
}

/**
 * Stores a checked picture once the image queue has room for it and it is the uploader's turn (uploads wait there
 * rather than being refused); a decode failure (truncated, corrupt) is the uploader's 422, not our 500.
 */
export async function storeCheckedImage<T>(checked: CheckedImage, turn: QueueTurn, store: () => Promise<T>): Promise<T> {
  try {
    return await imageQueue.run(checked.decodedBytes, turn, store);
  } catch (err) {
    if (err instanceof Error && !(err instanceof ApiError) && /VipsJpeg|pngload|webpload|truncated|corrupt|premature|Invalid|bad/i.test(err.message)) {
      throw new ApiError(422, 'ImageInvalid', 'The picture is damaged or incomplete. Export it again and retry.');
    }
    throw err;
  }
}
