import sharp, { type Sharp } from 'sharp';
import type { ModernImageType } from '../schema/image-types';
import { MODERN_IMAGE_EXTENSIONS, type ImageVariants, type VariantKind } from './image-formats';
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
  /** The modern types its small pictures were also written in. */
  variants: ImageVariants;
}

/** How each kind of small picture is cut from the panorama, and its JPEG's quality. */
const KINDS: Record<VariantKind, { resize: (image: Sharp) => Sharp; jpegQuality: number }> = {
  thumb: { resize: (image) => image.resize({ ...THUMB_SIZE_PX, fit: 'cover' }), jpegQuality: 75 },
  hotspot: { resize: (image) => image.resize({ ...HOTSPOT_SIZE_PX, fit: 'cover' }), jpegQuality: 75 },
  mobile: { resize: (image) => image.resize({ width: MOBILE_MAX_WIDTH_PX }), jpegQuality: 82 },
};

/**
 * The modern types each kind is also written in, best first (see docs/DECISIONS.md for the figures). AVIF at
 * effort 0 takes a thumbnail or hotspot picture to about half its JPEG's bytes in under 10 ms, within 2 % of what
 * its slower efforts reach. The 4096 px phone variant is WebP only: in AVIF it would be half the size again, but
 * its encoder holds about 250 MB more for a second or two, which the upload memory budget does not have.
 */
const MODERN_ENCODERS: Record<ModernImageType, { kinds: VariantKind[]; encode: (image: Sharp, kind: VariantKind) => Sharp }> = {
  'image/avif': { kinds: ['thumb', 'hotspot'], encode: (image) => image.avif({ quality: 50, effort: 0 }) },
  'image/webp': { kinds: ['thumb', 'hotspot', 'mobile'], encode: (image, kind) => image.webp({ quality: kind === 'mobile' ? 80 : 75 }) },
};

/** The kinds a panorama `width` px wide gets: a phone variant only when the original is too wide for phones. */
function kindsFor(width: number): VariantKind[] {
  return width > MOBILE_MAX_WIDTH_PX ? ['thumb', 'hotspot', 'mobile'] : ['thumb', 'hotspot'];
}

/**
 * A panorama's small pictures (`thumb-<id>.jpg`, `thumb-<id>.webp`…) from its stored baseline JPEG `original`: each
 * kind is cut once (libjpeg scales the JPEG down while decoding it, far cheaper than decoding the upload again) and
 * the cut pixels encoded in each type. `withJpeg` false makes only the modern ones (for panoramas stored before them),
 * `withModern` false only the JPEGs.
 */
export async function encodeVariants(
  original: Buffer,
  image: string,
  width: number,
  { withJpeg, withModern }: { withJpeg: boolean; withModern: boolean },
): Promise<{ files: Array<[string, Buffer]>; variants: ImageVariants }> {
  const stem = image.replace(/\.jpg$/, '');
  const variants: ImageVariants = {};
  const perKind = await Promise.all(
    kindsFor(width).map(async (kind): Promise<Array<[string, Buffer]>> => {
      const { data, info } = await KINDS[kind].resize(sharp(original)).raw().toBuffer({ resolveWithObject: true });
      const cut = () => sharp(data, { raw: info });
      const encodings: Array<[string, Promise<Buffer>]> = withJpeg ? [[`${kind}-${image}`, cut().jpeg({ quality: KINDS[kind].jpegQuality }).toBuffer()]] : [];
      for (const [type, { kinds, encode }] of Object.entries(MODERN_ENCODERS) as Array<[ModernImageType, (typeof MODERN_ENCODERS)[ModernImageType]]>) {
        if (!withModern || !kinds.includes(kind)) continue;
        (variants[type] ??= []).push(kind);
        encodings.push([`${kind}-${stem}.${MODERN_IMAGE_EXTENSIONS[type]}`, encode(cut(), kind).toBuffer()]);
      }
      const encoded = await Promise.all(encodings.map(([, bytes]) => bytes));
      return encodings.map(([name], i) => [name, encoded[i]]);
    }),
  );
  return { files: perKind.flat(), variants };
}

/**
 * Re-encodes an uploaded picture (the file at `path`) as JPEG without metadata and writes it with its `thumb-`,
 * `hotspot-` (and, for wide panoramas, `mobile-`) variants, in JPEG and (unless `withModern` is false) modern types,
 * under `tours/`, all or none. The upload is decoded once.
 */
export async function storePanorama(media: MediaStorage, path: string, { withModern = true } = {}): Promise<StoredPanorama> {
  // Baseline JPEG with plain Huffman tables is written row by row as the input decodes; progressive, trellis
  // (mozjpeg) and optimised coding each keep the whole picture's coefficients in memory (about 1.2 GB for a
  // 16384×8192 picture) and take several times as long. mozjpeg's quantisation tables keep most of its saving.
  // sharp drops metadata unless asked to keep it.
  const original = await sharp(path, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' })
    .rotate()
    .jpeg({ quality: 85, quantisationTable: 3, optimiseCoding: false })
    .toBuffer({ resolveWithObject: true });
  const { width, height } = original.info;
  const image = randomMediaName('jpg');
  const { files, variants } = await encodeVariants(original.data, image, width, { withJpeg: true, withModern });
  // The original's name is what callers hand out, so it is written last, once all its variants are complete.
  files.push([image, original.data]);
  await storeMediaFiles(media, 'tours', files, 'image');
  const mobileImage = width > MOBILE_MAX_WIDTH_PX ? `mobile-${image}` : '';
  return { image, width, height, size: original.data.length, mobileImage, variants };
}
