import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { useSnapshot } from 'valtio';
import type { Floorplan, Tour } from '../../api/schema/tour';
import { api, upload } from '../api-client';
import { addScene, moveScene, removeScene, renameScene } from '../features/editor/tour-edits';
import { TourSaver } from '../features/editor/tour-saver';
import { uploadImages, type UploadReply } from '../features/editor/upload-images';
import { takeChosenPhotos } from '../features/new-tour-photos';
import { RequestFailed } from '../request-failed';
import { BrandKitTab } from './BrandKitTab';
import { EditorPanorama } from './EditorPanorama';
import { FileDropZone } from './FileDropZone';
import { FloorplanTab } from './FloorplanTab';
import { Header } from './Header';
import { Icon } from './Icon';
import { SettingsTab } from './SettingsTab';
import { SignInAgain } from './SignInAgain';
import { InboxList } from './InboxList';
import { LibraryTab } from './LibraryTab';
import { SortableList } from './SortableList';
import { TourPreview } from './TourPreview';
import { UploadList, type UploadProgress } from './UploadList';

const TABS = ['edit tour', 'brand kit', 'floor plan', 'lead gen', 'video chat', 'team', 'settings', 'library'] as const;
type Tab = (typeof TABS)[number];
const SAVE_LABELS = { saved: 'Saved', unsaved: 'Unsaved changes', saving: 'Saving…', offline: 'Not Connected to Internet', 'signed-out': 'Sign in again to save', conflict: 'Changed elsewhere', invalid: 'Not saved' };

function isEquirectangular(file: File): Promise<boolean> {
  return createImageBitmap(file).then(
    (bitmap) => Math.abs(bitmap.width / bitmap.height - 2) < 0.02,
    () => true,
  );
}

export function Editor({ shortId }: { shortId: string }) {
  const [tour, setTour] = useState<Tour | null>(null);
  const [loadError, setLoadError] = useState('');
  const [tab, setTab] = useState<Tab>('edit tour');
  // Images still to upload, by batch: a batch chosen while another is on its way counts beside it.
  const [remaining, setRemaining] = useState<Record<string, number>>({});
  const [uploads, setUploads] = useState<UploadProgress[]>([]);
  const [preview, setPreview] = useState(false);
  /** The scene shown in the editor's panorama; the first one until the owner picks another. */
  const [sceneId, setSceneId] = useState<string | null>(null);
  const newPassword = useRef('');
  // Uploads finish after the render that started them: their edits must build on the newest tour, not on that render's.
  const latest = useRef(tour);
  latest.current = tour;
  const saver = useMemo(
    () =>
      new TourSaver(
        (draft) => {
          const body = newPassword.current ? { ...draft, password: newPassword.current } : draft;
          return api<Tour>('POST', `/tours/${encodeURIComponent(shortId)}`, body).then((saved) => ((newPassword.current = ''), saved));
        },
        (saved) => setTour((current) => (current ? { ...current, revision: saved.revision } : saved)),
      ),
    [shortId],
  );
  const save = useSnapshot(saver.state);

  useEffect(() => {
    api<Tour>('GET', `/tours/${encodeURIComponent(shortId)}`).then(setTour, (err) => setLoadError(err instanceof RequestFailed ? err.message : 'The tour could not be loaded.'));
    const online = () => saver.flush();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      saver.dispose();
    };
  }, [shortId, saver]);

  // Photos chosen on the dashboard for this new tour are uploaded once it has loaded.
  const loaded = tour !== null;
  useEffect(() => {
    const photos = loaded ? takeChosenPhotos(shortId) : [];
    if (photos.length > 0) void addImages(photos);
  }, [loaded, shortId]);

  if (loadError) return <main className="ad-main" role="alert">{loadError}</main>;
  if (!tour) return <main className="ad-main">Loading…</main>;

  const change = (next: Tour) => {
    latest.current = next;
    setTour(next);
    saver.change(next);
  };
  const set = <K extends keyof Tour>(key: K, value: Tour[K]) => change({ ...latest.current!, [key]: value });
  // Floor plans are saved through their own routes, so the tour's saver is not told.
  const changeFloorplans = (update: (floorplans: Floorplan[]) => Floorplan[]) => {
    latest.current = { ...latest.current!, floorplans: update(latest.current!.floorplans) };
    setTour(latest.current);
  };
  const imagesRemaining = Object.values(remaining).reduce((sum, left) => sum + left, 0);
  const shownScene = tour.images.find((image) => image.id === sceneId) ?? tour.images[0];

  async function addImages(files: Iterable<File> | null) {
    const list = [...(files ?? [])];
    if (list.length === 0) return;
    const flags = await Promise.all(list.map(isEquirectangular));
    // By file, not name: two files of one batch may share a name.
    const equirectangular = new Map(list.map((file, i) => [file, flags[i]]));
    const batchId = crypto.randomUUID();
    // This batch's bars join those of a batch still on its way, and only they go when it ends.
    const batch = list.map((file) => ({ id: crypto.randomUUID(), name: file.name, sent: 0 }));
    const ids = new Set<string>(batch.map((item) => item.id));
    setUploads((all) => [...all, ...batch]);
    const result = await uploadImages(
      list,
      (file) => {
        const form = new FormData();
        form.set('image', file);
        form.set('tourId', String(tour!.id));
        const isNotEquirect = !equirectangular.get(file);
        if (isNotEquirect) form.set('isNotEquirect', 'true');
        const { id } = batch[list.indexOf(file)];
        return upload<UploadReply>('/images/', form, (sent) => setUploads((all) => all.map((item) => (item.id === id ? { ...item, sent } : item)))).then((reply) => ({ ...reply, isNotEquirect }));
      },
      (left) => setRemaining((all) => ({ ...all, [batchId]: left })),
    );
    setUploads((all) => all.filter((item) => !ids.has(item.id)));
    setRemaining(({ [batchId]: _done, ...others }) => others);
    let next = latest.current!;
    for (const picture of result.uploaded) next = addScene(next, picture);
    change(next);
    (result.outcome.kind === 'all' ? toast.success : toast.error)(result.outcome.message);
  }

  const field = (key: 'title' | 'agentName' | 'agentEmail') => ({
    value: tour[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });

  return (
    <>
      <Header>
        <input className="ad-title-input" aria-label="Tour title" placeholder="Tour title" {...field('title')} />
        <span className={`ad-save ad-save--${save.status}`} role="status">
          {SAVE_LABELS[save.status]}
        </span>
        {save.status === 'conflict' && (
          <button type="button" className="ad-button" onClick={() => location.reload()}>
            Reload
          </button>
        )}
        <button type="button" className="ad-button ad-button--plain" aria-pressed={preview} onClick={() => setPreview(!preview)}>
          Preview
        </button>
      </Header>
      {save.message && (
        <p className="ad-banner" role="alert">
          {save.message}
        </p>
      )}
      {save.status === 'signed-out' && <SignInAgain onSignedIn={() => saver.flush()} />}
      <nav className="ad-tabs" role="tablist">
        {TABS.map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} onClick={() => setTab(name)}>
            {name}
          </button>
        ))}
      </nav>
      <main className="ad-main ad-editor">
        {tab === 'edit tour' && (
          <div className="ad-edit-tour">
            <FileDropZone label="Scenes" className="ad-edit-tour__scenes" onPictures={(files) => void addImages(files)}>
              <label className="ad-button">
                Add images
                <input type="file" accept="image/jpeg,image/png,image/webp" multiple className="ad-file-input" onChange={(event) => void addImages(event.target.files)} />
              </label>
              <span className="ad-drop__hint">or drop pictures here</span>
              {imagesRemaining > 0 && <p role="status">Uploading image, please wait ({imagesRemaining} remaining)</p>}
              <UploadList uploads={uploads} />
              <SortableList
                className="ad-scenes"
                items={tour.images}
                idOf={(image) => image.id}
                handleLabel={(image) => `Move ${image.title}`}
                onMove={(from, to) => change(moveScene(tour, from, to))}
                renderItem={(image, index) => (
                  <>
                    <button type="button" className="ad-scene-pick" aria-pressed={image.id === shownScene?.id} aria-label={`Show ${image.title}`} onClick={() => setSceneId(image.id)}>
                      <img src={image.thumbUrl} alt="" />
                    </button>
                    <input aria-label={`Title of scene ${index + 1}`} value={image.title} onChange={(event) => change(renameScene(tour, image.id, event.target.value))} />
                    <span className="ad-scene-counts">
                      {image.hotspots.length} hotspots · {image.infospots.length} infospots
                    </span>
                    <button type="button" className="ad-link ad-link--danger" onClick={() => change(removeScene(tour, image.id))}>
                      <Icon name="delete" /> Delete scene
                    </button>
                  </>
                )}
              />
            </FileDropZone>
            {shownScene ? (
              <EditorPanorama tour={tour} sceneId={shownScene.id} onChange={change} />
            ) : (
              <p className="ad-edit-tour__empty">Add panorama images to start the tour.</p>
            )}
          </div>
        )}
        {tab === 'settings' && (
          <SettingsTab
            tour={tour}
            set={set}
            settled={() => saver.settled()}
            onPassword={(password) => {
              newPassword.current = password;
              saver.change(tour);
            }}
          />
        )}
        {tab === 'brand kit' && <BrandKitTab tour={tour} set={set} isSaved={save.status === 'saved'} />}
        {tab === 'lead gen' && (
          <section aria-label="Lead generation" className="ad-form">
            <label className="ad-check">
              <input type="checkbox" checked={tour.leadgen.enabled} onChange={(event) => set('leadgen', { ...tour.leadgen, enabled: event.target.checked })} /> Ask visitors for their contact details
            </label>
            <label className="ad-field">
              <span>Message</span>
              <input value={tour.leadgen.message} placeholder="to receive information about this" onChange={(event) => set('leadgen', { ...tour.leadgen, message: event.target.value })} />
            </label>
            <p>
              <a href={`/api/tours/${tour.shortId}/leads.csv`} onClick={(event) => (event.preventDefault(), void downloadLeads(tour.shortId))}>
                Download leads (CSV)
              </a>
            </p>
            <InboxList shortId={tour.shortId} />
          </section>
        )}
        {tab === 'video chat' && (
          <section aria-label="Video chat" className="ad-form">
            {(
              [
                ['isVideoChatEnabled', 'Video chat on'],
                ['isNotifyEnabled', 'E-mail me when someone joins'],
                ['isScheduleEnabled', 'Visitors can request a showing'],
              ] as const
            ).map(([key, label]) => (
              <label key={key} className="ad-check">
                <input type="checkbox" checked={tour[key]} onChange={(event) => set(key, event.target.checked)} /> {label}
              </label>
            ))}
            <label className="ad-field">
              <span>Agent name</span>
              <input {...field('agentName')} />
            </label>
            <label className="ad-field">
              <span>Agent e-mail</span>
              <input type="email" {...field('agentEmail')} />
            </label>
          </section>
        )}
        {tab === 'floor plan' && <FloorplanTab tour={tour} onFloorplans={changeFloorplans} />}
        {tab === 'library' && (
          <LibraryTab
            settled={() => saver.settled()}
            onPick={(use, url) => {
              change(use === 'logo' ? { ...tour, logo: url } : { ...tour, defaultHotspotImage: url, defaultHotspotStyle: 4 });
              toast.success(use === 'logo' ? 'Logo set.' : 'Hotspots will use this picture.');
            }}
          />
        )}
        {tab === 'team' && <p className="ad-soon">Teams are coming soon.</p>}
        {preview && <TourPreview shortId={tour.shortId} revision={tour.revision} />}
      </main>
    </>
  );
}

async function downloadLeads(shortId: string) {
  const { session } = await import('../session');
  const response = await fetch(`/api/tours/${shortId}/leads.csv`, { headers: { Authorization: `JWT ${session.user?.token}` } });
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: `leads-${shortId}.csv` });
  link.click();
  URL.revokeObjectURL(url);
}
