import { useEffect, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { useSnapshot } from 'valtio';
import { addToLibrary, library, loadLibrary, NOT_SAVED_YET, removeFromLibrary } from './library-store';
import { useConfirm } from '../../components/ConfirmModal';
import { RequestFailed } from '../../lib/request-failed';
import { UploadButton } from '../../components/UploadButton';

export interface LibraryTabProps {
  onPick: (use: 'logo' | 'hotspot', url: string) => void;
  /** Saves the tour's pending edits first; false when they could not be saved. */
  settled: () => Promise<boolean>;
}

/** The library tab: upload, list and delete reusable pictures; pick one as the logo or the default hotspot image. */
export function LibraryTab({ onPick, settled }: LibraryTabProps) {
  const { pictures, loaded } = useSnapshot(library);
  const [busy, setBusy] = useState(false);
  const confirm = useConfirm();
  useEffect(() => void loadLibrary().catch(() => undefined), []);

  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      await addToLibrary(file, 'image');
    } catch (err) {
      toast.error(err instanceof RequestFailed ? err.message : 'The picture could not be uploaded.');
    } finally {
      setBusy(false);
    }
  }

  async function remove(assetId: string) {
    if (!(await settled())) return void toast.error(NOT_SAVED_YET);
    await removeFromLibrary(assetId).catch((err: unknown) => toast.error(err instanceof RequestFailed ? err.message : 'The picture could not be deleted.'));
  }

  return (
    <section aria-label="Library">
      <UploadButton
        label={'Add to library'}
        busyLabel={'Uploading Assets, please wait'}
        accept="image/jpeg,image/png,image/webp"
        busy={busy}
        onFile={(file) => void upload(file)}
      />
      {loaded && pictures.length === 0 && <p>Your library is empty.</p>}
      <ul className="ad-cards">
        {pictures.map((asset) => (
          <li key={asset.assetId} className="ad-tour-card" data-asset-id={asset.assetId}>
            <img src={asset.thumbUrl || asset.url} alt="" />
            <h2>{asset.name}</h2>
            <button type="button" className="ad-link" onClick={() => onPick('logo', asset.url)}>
              Use as logo
            </button>
            <button type="button" className="ad-link" onClick={() => onPick('hotspot', asset.url)}>
              Use for hotspots
            </button>
            <button
              type="button"
              className="ad-link ad-link--danger"
              onClick={() => confirm.ask(`Delete "${asset.name}" from your library? Tours that use it keep their copy.`, () => void remove(asset.assetId))}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      {confirm.modal}
    </section>
  );
}
