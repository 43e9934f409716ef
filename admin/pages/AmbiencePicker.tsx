import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ambienceFrom, deleteSound, loadSounds, sounds, uploadSound } from '../features/ambience';
import { NOT_SAVED_YET } from '../features/library';
import { RequestFailed } from '../request-failed';
import type { TabProps } from './SettingsTab';

/** The tour's ambience sound (SPEC.md §3 config.ambience): upload one, choose one of the owner's sounds, or none. */
export function AmbiencePicker({ tour, set, settled }: TabProps & { settled: () => Promise<boolean> }) {
  const { list, loaded } = useSnapshot(sounds);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => void loadSounds().catch(() => setError('Your sounds could not be loaded.')), []);
  const current = tour.config.ambience;
  const choose = (ambience: typeof current) => set('config', { ...tour.config, ambience });

  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      choose(ambienceFrom(await uploadSound(tour.shortId, file)));
    } catch (err) {
      setError(err instanceof RequestFailed ? err.message : 'The sound could not be uploaded.');
    } finally {
      setBusy(false);
    }
  }

  async function remove(assetId: string) {
    setError('');
    if (!(await settled())) return setError(NOT_SAVED_YET);
    await deleteSound(assetId).catch((err: unknown) => setError(err instanceof RequestFailed ? err.message : 'The sound could not be deleted.'));
  }

  return (
    <fieldset className="ad-ambience">
      <legend>Ambience sound</legend>
      <label className="ad-check">
        <input type="radio" name="ambience" checked={!current} onChange={() => choose(undefined)} /> No sound
      </label>
      {loaded && list.length === 0 && <p>Upload an MP3, Ogg or M4A file to play behind the tour.</p>}
      {list.map((sound) => (
        <div key={sound.assetId} className="ad-ambience__sound">
          <label className="ad-check">
            <input type="radio" name="ambience" checked={current?.audio === sound.url} onChange={() => choose(ambienceFrom(sound))} /> {sound.name}
          </label>
          <audio controls preload="none" src={sound.url} aria-label={`Listen to ${sound.name}`} />
          <button type="button" className="ad-link ad-link--danger" aria-label={`Delete ${sound.name} from your sounds`} onClick={() => void remove(sound.assetId)}>
            Delete
          </button>
        </div>
      ))}
      <label className="ad-link">
        {busy ? 'Uploading Assets, please wait' : 'Upload a sound'}
        <input type="file" accept="audio/mpeg,audio/ogg,audio/mp4,.mp3,.ogg,.m4a" className="ad-file-input" disabled={busy} onChange={(event) => void upload(event.target.files?.[0])} />
      </label>
      {error && (
        <p className="ad-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
