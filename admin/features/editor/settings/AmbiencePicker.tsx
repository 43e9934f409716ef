import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Asset } from '../../../../api/schema/media';
import type { TourConfig } from '../../../../api/schema/tour';
import { useConfirm } from '../../../components/ConfirmModal';
import { RequestFailed } from '../../../lib/request-failed';
import { addSound, library, loadLibrary, NOT_SAVED_YET, removeFromLibrary } from '../../library/library-store';
import { useEditorStore } from '../editor-context';
import { settled } from '../editor-store';
import { useTourFields } from '../use-tour-fields';
import { UploadButton } from '../../../components/UploadButton';

function ambienceFrom(sound: Asset): NonNullable<TourConfig['ambience']> {
  return { name: sound.name, audio: sound.url, playing: true };
}

/** The tour's ambience sound (config.ambience): upload one, choose one of the owner's sounds, or none. */
export function AmbiencePicker() {
  const store = useEditorStore();
  const { tour, set } = useTourFields();
  const { sounds, loaded } = useSnapshot(library);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const confirm = useConfirm();
  useEffect(() => void loadLibrary().catch(() => setError('Your sounds could not be loaded.')), []);
  const current = tour.config.ambience;
  const choose = (ambience: typeof current) => set('config', { ...tour.config, ambience });

  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      choose(ambienceFrom(await addSound(tour.shortId, file)));
    } catch (err) {
      setError(err instanceof RequestFailed ? err.message : 'The sound could not be uploaded.');
    } finally {
      setBusy(false);
    }
  }

  async function remove(assetId: string) {
    setError('');
    if (!(await settled(store))) return setError(NOT_SAVED_YET);
    await removeFromLibrary(assetId).catch((err: unknown) => setError(err instanceof RequestFailed ? err.message : 'The sound could not be deleted.'));
  }

  return (
    <fieldset className="ad-ambience">
      <legend>Ambience sound</legend>
      <label className="ad-check">
        <input type="radio" name="ambience" checked={!current} onChange={() => choose(undefined)} /> No sound
      </label>
      {loaded && sounds.length === 0 && <p>Upload an MP3, Ogg or M4A file to play behind the tour.</p>}
      {sounds.map((sound) => (
        <div key={sound.assetId} className="ad-ambience__sound">
          <label className="ad-check">
            <input type="radio" name="ambience" checked={current?.audio === sound.url} onChange={() => choose(ambienceFrom(sound))} /> {sound.name}
          </label>
          <audio controls preload="none" src={sound.url} aria-label={`Listen to ${sound.name}`} />
          <button
            type="button"
            className="ad-link ad-link--danger"
            aria-label={`Delete ${sound.name} from your sounds`}
            onClick={() => confirm.ask(`Delete "${sound.name}" from your sounds? Tours that play it keep their copy.`, () => void remove(sound.assetId))}
          >
            Delete
          </button>
        </div>
      ))}
      <UploadButton
        className="ad-link"
        label={'Upload a sound'}
        busyLabel={'Uploading Assets, please wait'}
        accept="audio/mpeg,audio/ogg,audio/mp4,.mp3,.ogg,.m4a"
        busy={busy}
        onFile={(file) => void upload(file)}
      />
      {error && (
        <p className="ad-error" role="alert">
          {error}
        </p>
      )}
      {confirm.modal}
    </fieldset>
  );
}
