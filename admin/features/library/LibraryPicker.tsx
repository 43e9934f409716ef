import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { addToLibrary, library, loadLibrary } from './library-store';
import { RequestFailed } from '../../lib/request-failed';

export interface LibraryPickerProps {
  /** Names the group of pictures, e.g. 'Hotspot picture'. */
  label: string;
  value: string;
  onChange: (url: string) => void;
}

/** Picks one of the owner's library pictures, or uploads a new one into the library and picks it. */
export function LibraryPicker({ label, value, onChange }: LibraryPickerProps) {
  const { pictures, loaded } = useSnapshot(library);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => void loadLibrary().catch(() => setError('Your library could not be loaded.')), []);

  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      onChange((await addToLibrary(file, 'image')).url);
    } catch (err) {
      setError(err instanceof RequestFailed ? err.message : 'The picture could not be uploaded.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className="ad-picker">
      <legend>{label}</legend>
      {loaded && pictures.length === 0 && <p>Your library is empty.</p>}
      <ul className="ad-picker__assets">
        {pictures.map((asset) => (
          <li key={asset.assetId}>
            <button type="button" aria-pressed={asset.url === value} aria-label={asset.name} title={asset.name} onClick={() => onChange(asset.url)}>
              <img src={asset.thumbUrl || asset.url} alt="" />
            </button>
          </li>
        ))}
      </ul>
      <label className="ad-link">
        {busy ? 'Uploading…' : 'Upload a picture'}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="ad-file-input"
          disabled={busy}
          onChange={(event) => void upload(event.target.files?.[0])}
        />
      </label>
      {error && (
        <p className="ad-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
