import type { ModernImageType } from '../../api/schema/image-types';
import type { SceneAnswer } from '../../api/schema/tour';

/** A scene's small pictures, which the tour answer may also list in modern types. */
export type ScenePicture = 'thumbUrl' | 'hotspotUrl' | 'mobileUrl';

/** One grey AVIF pixel: a browser that draws it decodes AVIF. */
const AVIF_SAMPLE =
  'AAAAHGZ0eXBhdmlmAAAAAG1pZjFhdmlmbWlhZgAAANZtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAACJpbG9jAAAAAERAAAEAAQAAAAAA+gABAAAAAAAAABwAAAAjaWluZgAAAAAAAQAAABVpbmZlAgAAAAABAABhdjAxAAAAAA5waXRtAAAAAAABAAAAVmlwcnAAAAA4aXBjbwAAAAxhdjFDgSACAAAAABRpc3BlAAAAAAAAAAEAAAABAAAAEHBpeGkAAAAAAwgICAAAABZpcG1hAAAAAAAAAAEAAQOBAgMAAAAkbWRhdBIACgc4AAaQENBpMg8ZQmMEw88880EgAJBAzeg=';

// Every browser the viewer is built for (Chrome and Edge 105, Firefox 110, Safari 16.4) decodes WebP, so it needs no
// probe. AVIF is not decoded everywhere (not by Edge before 121, nor by Safari before macOS 13), so it is asked, once
// the first panoramas are drawn.
const decodable = new Set<ModernImageType>(['image/webp']);
let probing = false;

/**
 * Finds out, once per page, whether this browser decodes AVIF, by decoding a one-pixel sample in the background.
 * Called after the first panoramas, so that the question never competes with them: the first view takes WebP, and
 * pictures picked once the sample has decoded take AVIF.
 */
export function probeAvif(): void {
  if (probing || typeof Image === 'undefined') return;
  probing = true;
  const sample = new Image();
  sample.src = `data:image/avif;base64,${AVIF_SAMPLE}`;
  sample.decode().then(
    () => decodable.add('image/avif'),
    () => undefined,
  );
}

/** Whether this browser is known to decode `type` by now (never waits, never starts a probe). */
export function browserDecodes(type: ModernImageType): boolean {
  return decodable.has(type);
}

/**
 * A scene's `picture` in the first type the answer lists it in (best first) that the browser decodes, else its
 * JPEG, which every browser decodes. An address as the answer gives it: the caller makes it absolute.
 */
export function pictureUrl<P extends ScenePicture>(
  scene: Pick<SceneAnswer, P | 'formats'>,
  picture: P,
  decodes: (type: ModernImageType) => boolean = browserDecodes,
): string {
  const format = scene.formats?.find((entry) => entry[picture] && decodes(entry.type));
  return format ? format[picture] : scene[picture];
}
