import { MODERN_IMAGE_TYPES, type ModernImageType } from '../../api/schema/image-types';
import type { SceneAnswer } from '../../api/schema/tour';

/** A scene's small pictures, which the tour answer may also list in modern types. */
export type ScenePicture = 'thumbUrl' | 'hotspotUrl' | 'mobileUrl';

/** One grey pixel in each type: a browser that draws it decodes the type. */
const SAMPLES: Record<ModernImageType, string> = {
  'image/avif':
    'AAAAHGZ0eXBhdmlmAAAAAG1pZjFhdmlmbWlhZgAAANZtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAACJpbG9jAAAAAERAAAEAAQAAAAAA+gABAAAAAAAAABwAAAAjaWluZgAAAAAAAQAAABVpbmZlAgAAAAABAABhdjAxAAAAAA5waXRtAAAAAAABAAAAVmlwcnAAAAA4aXBjbwAAAAxhdjFDgSACAAAAABRpc3BlAAAAAAAAAAEAAAABAAAAEHBpeGkAAAAAAwgICAAAABZpcG1hAAAAAAAAAAEAAQOBAgMAAAAkbWRhdBIACgc4AAaQENBpMg8ZQmMEw88880EgAJBAzeg=',
  'image/webp': 'UklGRiQAAABXRUJQVlA4IBgAAABQAQCdASoBAAEAAsBMJaQABHQAAORAAAA=',
};

const decodable = new Set<ModernImageType>();
let probing = false;

/**
 * Finds out, once per page, which modern types this browser decodes, without anyone waiting for the answer: WebP at
 * once where a canvas encodes it (a browser that writes WebP reads it), and every type by decoding its one-pixel
 * sample in the background. A picture picked before a sample has decoded takes the types known by then, at worst
 * the JPEG, so the first panorama is never held up by the question.
 */
export function probePictureTypes(): void {
  if (probing || typeof document === 'undefined') return;
  probing = true;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    if (canvas.toDataURL('image/webp').startsWith('data:image/webp')) decodable.add('image/webp');
  } catch {
    // A canvas that cannot be read (a privacy setting): the samples below still answer.
  }
  for (const type of MODERN_IMAGE_TYPES) {
    const sample = new Image();
    sample.src = `data:${type};base64,${SAMPLES[type]}`;
    sample.decode().then(
      () => decodable.add(type),
      () => undefined,
    );
  }
}

/** Whether this browser is known to decode `type` (asking starts the probes). */
export function browserDecodes(type: ModernImageType): boolean {
  probePictureTypes();
  return decodable.has(type);
}

/**
 * A scene's `picture` in the first type the answer lists it in (best first) that the browser decodes, else its
 * JPEG, which every browser decodes. An address as the answer gives it: the caller makes it absolute.
 */
export function pictureUrl(
  scene: Pick<SceneAnswer, ScenePicture | 'formats'>,
  picture: ScenePicture,
  decodes: (type: ModernImageType) => boolean = browserDecodes,
): string {
  const format = scene.formats?.find((entry) => entry[picture] && decodes(entry.type));
  return format ? format[picture] : scene[picture];
}
