import { useState, type FormEvent } from 'react';
import { HOTSPOT_STYLES, type Hotspot, type SceneAnswer } from '../../../../api/schema/tour';
import { hotspotPicture } from '../../../../embed/panorama';
import type { HotspotFields } from '../tour-edits';
import { LibraryPicker } from '../../library/LibraryPicker';
import { Modal } from '../../../components/Modal';
import { SpotFormActions } from './SpotFormActions';

/** Hotspot styles 1–4. */
export const STYLE_NAMES: Record<Hotspot['style'], string> = { 1: 'Preview image', 2: 'White arrow', 3: 'Black arrow', 4: 'Custom image' };
/** The arrow the viewer draws for styles 2 and 3 (embed/styles/hotspots.css). */
const ARROW_PATH = 'M28 6 50 40H36v10H20V40H6z';

/** How a hotspot of this style and rotation will look in the viewer. */
export function StylePreview({ style, rotation, picture }: { style: Hotspot['style']; rotation: number; picture: string }) {
  const turn = { transform: `rotate(${rotation}deg)` };
  if (style === 2 || style === 3) {
    const [fill, stroke] = style === 2 ? ['#fff', '#000'] : ['#000', '#fff'];
    return (
      <svg className="ad-style-preview" viewBox="0 0 56 56" style={turn} aria-hidden="true">
        <path d={ARROW_PATH} fill={fill} stroke={stroke} strokeOpacity={0.5} strokeWidth={2} />
      </svg>
    );
  }
  return (
    <span
      className={`ad-style-preview ad-style-preview--${style}`}
      style={{ ...turn, backgroundImage: picture ? `url("${picture}")` : undefined }}
      aria-hidden="true"
    />
  );
}

export interface HotspotFormProps {
  /** The scenes a hotspot may lead to (every scene but the one it is placed in). */
  destinations: SceneAnswer[];
  /** The hotspot being edited; absent for a new one. */
  hotspot?: Hotspot;
  /** The tour's default style and picture, for a new hotspot. */
  defaults: Pick<HotspotFields, 'style' | 'customImageUrl'>;
  onSave: (fields: HotspotFields, wayBack: boolean) => void;
  onCancel: () => void;
  onDelete?: () => void;
}

/** The edit-hotspot modal: destination scene (required), style 1–4 with a preview, custom picture, rotation. */
export function HotspotForm({ destinations, hotspot, defaults, onSave, onCancel, onDelete }: HotspotFormProps) {
  const [fields, setFields] = useState<HotspotFields>(
    hotspot
      ? { destinationId: hotspot.image.id, style: hotspot.style, customImageUrl: hotspot.customImageUrl, rotation: hotspot.rotation }
      : { destinationId: '', rotation: 0, ...defaults },
  );
  const [wayBack, setWayBack] = useState(!hotspot);
  const [error, setError] = useState('');
  const set = (patch: Partial<HotspotFields>) => setFields((current) => ({ ...current, ...patch }));
  const destination = destinations.find((image) => image.id === fields.destinationId);
  const picture = fields.style === 1 ? (destination ? hotspotPicture(destination) : '') : fields.style === 4 ? fields.customImageUrl : '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!destination) return setError('Choose the scene this hotspot leads to.');
    if (fields.style === 4 && !fields.customImageUrl) return setError('Choose a picture for the custom hotspot.');
    onSave(fields, wayBack);
  }

  return (
    <Modal title={hotspot ? 'Edit hotspot' : 'Add hotspot'} onClose={onCancel} width={560} height="auto">
      <form className="ad-spot-form" aria-label={hotspot ? 'Edit hotspot' : 'Add hotspot'} onSubmit={submit} noValidate>
        <label className="ad-field">
          <span>Destination scene</span>
          <select value={fields.destinationId} required onChange={(event) => (set({ destinationId: event.target.value }), setError(''))}>
            <option value="">Choose a scene…</option>
            {destinations.map((image) => (
              <option key={image.id} value={image.id}>
                {image.title}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="ad-styles">
          <legend>Style</legend>
          {HOTSPOT_STYLES.map((style) => (
            <label key={style} className="ad-styles__choice">
              <input type="radio" name="hotspot-style" checked={fields.style === style} onChange={() => set({ style })} />
              {STYLE_NAMES[style]}
            </label>
          ))}
          <div className="ad-styles__preview" data-testid="style-preview">
            <StylePreview style={fields.style} rotation={fields.rotation} picture={picture} />
          </div>
        </fieldset>
        {fields.style === 4 && (
          <LibraryPicker label="Hotspot picture" value={fields.customImageUrl} onChange={(customImageUrl) => (set({ customImageUrl }), setError(''))} />
        )}
        <label className="ad-field">
          <span>Rotation ({fields.rotation}°)</span>
          <input type="range" min={0} max={359} value={fields.rotation} onChange={(event) => set({ rotation: Number(event.target.value) })} />
        </label>
        {!hotspot && (
          <label className="ad-check">
            <input type="checkbox" checked={wayBack} onChange={(event) => setWayBack(event.target.checked)} /> Also link back from{' '}
            {destination?.title || 'the destination'}
          </label>
        )}
        <SpotFormActions error={error} onCancel={onCancel} onDelete={onDelete} />
      </form>
    </Modal>
  );
}
