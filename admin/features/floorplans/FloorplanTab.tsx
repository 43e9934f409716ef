import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import type { Floorplan, FloorplanHotspot, Tour } from '../../../api/schema/tour';
import { useConfirm } from '../../components/ConfirmModal';
import { api } from '../../lib/api-client';
import { RequestFailed } from '../../lib/request-failed';
import { saveRooms, type BetweenSaves, type WrittenPlan } from './floorplan-api';
import { LinkRoomsModal } from './LinkRoomsModal';
import { UploadButton } from '../../components/UploadButton';

function planRemovalQuestion(plan: Floorplan): string {
  const rooms = plan.hotspots.length;
  return `Delete floor plan "${plan.name}"${rooms > 0 ? ` and its ${rooms} linked room${rooms === 1 ? '' : 's'}` : ''}?`;
}

/**
 * Floor plans are saved through their own routes, not with the tour, each write `between` the tour's saves.
 * `onFloorplans` gets a change to apply to the newest list: an upload may finish after other edits of the tour.
 */
export function FloorplanTab({
  tour,
  onFloorplans,
  between,
}: {
  tour: Tour;
  onFloorplans: (change: (floorplans: Floorplan[]) => Floorplan[]) => void;
  between: BetweenSaves;
}) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = tour.floorplans.find((plan) => plan.floorplanId === openId);
  const confirm = useConfirm();

  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      // The tour first: the server checks it as soon as it reads it, before the file streams in.
      const form = new FormData();
      form.set('tourId', String(tour.id));
      form.set('isNotEquirect', 'true');
      form.set('use', 'floorplan');
      form.set('image', file);
      const picture = await api<{ url: string; thumbUrl: string }>('POST', '/images/', form);
      const plan = await between(() =>
        api<WrittenPlan>('POST', `/floorplans/${tour.id}`, {
          name: name || file.name.replace(/\.[^.]+$/, ''),
          url: picture.url,
          thumbUrl: picture.thumbUrl,
          sortOrder: tour.floorplans.length,
        }),
      );
      onFloorplans((plans) => [...plans, plan]);
      setName('');
    } catch (err) {
      toast.error(err instanceof RequestFailed ? err.message : 'The floor plan could not be uploaded.');
    } finally {
      setBusy(false);
    }
  }

  async function saveHotspots(plan: Floorplan, hotspots: FloorplanHotspot[]) {
    try {
      const updated = await between(() => saveRooms(plan, hotspots));
      onFloorplans((plans) => plans.map((candidate) => (candidate.floorplanId === plan.floorplanId ? updated : candidate)));
    } catch (err) {
      toast.error(err instanceof RequestFailed ? err.message : 'The floor plan could not be saved.');
    }
  }

  async function remove(plan: Floorplan) {
    try {
      await between(() => api<{ revision: number }>('DELETE', `/floorplan/delete/${plan.floorplanId}`));
      onFloorplans((plans) => plans.filter((candidate) => candidate.floorplanId !== plan.floorplanId));
      toast.success(`Floor plan "${plan.name}" deleted.`);
    } catch (err) {
      toast.error(err instanceof RequestFailed ? err.message : 'The floor plan could not be deleted.');
    }
  }

  return (
    <section aria-label="Floor plans" className="ad-form">
      <label className="ad-field">
        <span>Floor plan name</span>
        <input value={name} onChange={(event) => setName(event.target.value)} placeholder="Ground floor" />
      </label>
      <UploadButton
        label={'Upload a floor plan'}
        busyLabel={'Uploading Floorplans, please wait'}
        accept="image/jpeg,image/png,image/webp"
        busy={busy}
        onFile={(file) => void upload(file)}
      />
      <ul className="ad-plans">
        {tour.floorplans.map((plan) => (
          <li key={plan.floorplanId}>
            <img src={plan.thumbUrl || plan.url} alt="" />
            <span>{plan.name}</span>
            <span>{plan.hotspots.length} rooms linked</span>
            <button type="button" className="ad-button" onClick={() => setOpenId(plan.floorplanId)}>
              Link rooms
            </button>
            <button type="button" className="ad-link ad-link--danger" onClick={() => confirm.ask(planRemovalQuestion(plan), () => void remove(plan))}>
              Delete
            </button>
          </li>
        ))}
      </ul>
      {confirm.modal}
      {open && <LinkRoomsModal plan={open} scenes={tour.images} onChange={(hotspots) => void saveHotspots(open, hotspots)} onClose={() => setOpenId(null)} />}
    </section>
  );
}
