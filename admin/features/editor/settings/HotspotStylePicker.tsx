import { HOTSPOT_STYLES } from '../../../../api/schema/tour';
import { hotspotPicture } from '../../../../embed/panorama';
import { STYLE_NAMES, StylePreview } from '../panorama/HotspotForm';
import { LibraryPicker } from '../../library/LibraryPicker';
import { useTourFields } from '../use-tour-fields';

/** The style and custom picture new hotspots start with (defaultHotspotStyle, default 2, and defaultHotspotImage). */
export function HotspotStylePicker() {
  const { tour, set } = useTourFields();
  const firstScene = tour.images[0];
  const pictureFor = (style: number) => (style === 1 ? (firstScene ? hotspotPicture(firstScene) : '') : style === 4 ? tour.defaultHotspotImage : '');
  return (
    <>
      <fieldset className="ad-default-styles">
        <legend>Default hotspot style</legend>
        {HOTSPOT_STYLES.map((style) => (
          <label key={style} className="ad-default-styles__choice">
            <input
              type="radio"
              name="default-hotspot-style"
              value={style}
              checked={tour.defaultHotspotStyle === style}
              onChange={() => set('defaultHotspotStyle', style)}
            />
            <span className="ad-styles__preview">
              <StylePreview style={style} rotation={0} picture={pictureFor(style)} />
            </span>
            {style}. {STYLE_NAMES[style]}
          </label>
        ))}
      </fieldset>
      <LibraryPicker
        label="Default hotspot picture (for the custom image style)"
        value={tour.defaultHotspotImage}
        onChange={(url) => set('defaultHotspotImage', url)}
      />
    </>
  );
}
