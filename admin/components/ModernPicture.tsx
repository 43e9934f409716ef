import type { ImgHTMLAttributes } from 'react';
import type { SceneAnswer } from '../../api/schema/tour';

/** A scene's small pictures, which the server may also list in modern types (`formats`). */
type SmallPicture = 'thumbUrl' | 'hotspotUrl';

interface ModernPictureProps<P extends SmallPicture> extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  scene: Pick<SceneAnswer, P | 'formats'>;
  picture: P;
}

/**
 * A scene's `picture` in every type the answer lists it in, best first, and its JPEG last: the browser takes the
 * first it decodes, with no probe, and a scene stored before the modern types shows its JPEG. The `<picture>` lays
 * out as if its `<img>` stood alone, so the admin's styles for the `<img>` still hold.
 */
export function ModernPicture<P extends SmallPicture>({ scene, picture, alt = '', ...img }: ModernPictureProps<P>) {
  return (
    <picture className="ad-picture">
      {scene.formats
        ?.filter((format) => format[picture])
        .map((format) => (
          <source key={format.type} type={format.type} srcSet={format[picture]} />
        ))}
      <img src={scene[picture]} alt={alt} {...img} />
    </picture>
  );
}
