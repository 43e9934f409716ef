import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { addToLibrary, library, loadLibrary } from './library-store';
import { RequestFailed } from '../../lib/request-failed';
import { UploadButton } from '../../components/UploadButton';

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
      <UploadButton
        className="ad-link"
        label={'Upload a picture'}
        busyLabel={'Uploading…'}
        accept="image/jpeg,image/png,image/webp"
        busy={busy}
        onFile={(file) => void upload(file)}
      />
      {error && (
        <p className="ad-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
