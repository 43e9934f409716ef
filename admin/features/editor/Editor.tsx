import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { useSnapshot } from 'valtio';
import type { Floorplan, Tour, TourSave } from '../../../api/schema/tour';
import type { TourAccessAnswer } from '../../../api/schema/tour-access';
import { Header } from '../../components/Header';
import { NotFound } from '../../components/NotFound';
import { api } from '../../lib/api-client';
import { RequestFailed } from '../../lib/request-failed';
import { checkoutSessionInAddress, forgetCheckoutSession } from '../billing/billing-api';
import { PublishControl } from '../billing/PublishControl';
import { takeChosenPhotos } from '../dashboard/new-tour-photos';
import { saveRooms, type BetweenSaves } from '../floorplans/floorplan-api';
import { keepRoomsIn } from '../floorplans/room-selector';
import { FloorplanTab } from '../floorplans/FloorplanTab';
import { LibraryTab } from '../library/LibraryTab';
import { TeamTab } from '../teams/TeamTab';
import { TourAnalyticsView } from '../analytics/TourAnalyticsView';
import { BrandKitTab } from './brand-kit/BrandKitTab';
import { EditorAccessProvider } from './editor-access';
import { EditTourTab } from './EditTourTab';
import { LeadGenTab } from './LeadGenTab';
import { MemberNotice } from './MemberNotice';
import { SaveState } from './SaveState';
import { SettingsTab } from './settings/SettingsTab';
import { SignInAgain } from './SignInAgain';
import { TourPreview } from './TourPreview';
import { removeScene, sceneRemoval, sceneRemovalNotice } from './tour-edits';
import { TourSaver } from './tour-saver';
import { TourWarnings } from './TourWarnings';
import { useImageUploads } from './use-image-uploads';
import { VideoChatTab } from './VideoChatTab';

/** Writes the floor plans whose rooms `keepRoomsIn` changed; a plan that fails keeps its room until the editor opens again. */
function writeRooms(between: BetweenSaves, before: Floorplan[], after: Floorplan[]): void {
  after
    .filter((plan, i) => plan !== before[i])
    .forEach((plan) =>
      between(() => saveRooms(plan)).catch((err: unknown) =>
        toast.error(`The rooms of floor plan "${plan.name}" could not be saved: ${err instanceof RequestFailed ? err.message : 'unknown error'}`),
      ),
    );
}

const TABS = ['edit tour', 'brand kit', 'floor plan', 'lead gen', 'video chat', 'team', 'settings', 'library', 'analytics'] as const;
type Tab = (typeof TABS)[number];

/** A tour's numbers are its owner's and its team admins' only (the server refuses others): nobody else has the tab. */
const seesAnalytics = (access: TourAccessAnswer) => access.role === 'owner' || access.role === 'admin';

/** The tour editor: loads the tour, saves every change, and lays out its tabs. */
export function Editor({ shortId }: { shortId: string }) {
  const [tour, setTour] = useState<Tour | null>(null);
  /** The caller's part in the tour, asked with the tour: a view member's editor is read-only, a stranger's not there. */
  const [access, setAccess] = useState<TourAccessAnswer | null>(null);
  const [loadError, setLoadError] = useState('');
  const [notFound, setNotFound] = useState(false);
  // The Analytics page links here with #analytics.
  const [tab, setTab] = useState<Tab>(() => (location.hash === '#analytics' ? 'analytics' : 'edit tour'));
  const [preview, setPreview] = useState(false);
  /** The scene shown in the editor's panorama; the first one until the owner picks another. */
  const [sceneId, setSceneId] = useState<string | null>(null);
  const newPassword = useRef('');
  /** Stripe's Checkout sends the owner back here with its session, to be confirmed once. */
  const [returnedSession] = useState(checkoutSessionInAddress);
  // Uploads finish after the render that started them: their edits must build on the newest tour, not on that render's.
  const latest = useRef(tour);
  latest.current = tour;
  const saver = useMemo(
    () =>
      new TourSaver(
        (draft) => {
          const body: TourSave = newPassword.current ? { ...draft, password: newPassword.current } : draft;
          return api<Tour>('POST', `/tours/${encodeURIComponent(shortId)}`, body).then((saved) => ((newPassword.current = ''), saved));
        },
        (saved) => setTour((current) => current && { ...current, revision: saved.revision }),
      ),
    [shortId],
  );
  const save = useSnapshot(saver.state);
  const between: BetweenSaves = (write) => saver.between(write);
  const readOnly = access?.role === 'view';
  // A view member's editor changes nothing: no field is enabled, and nothing reaches the saver if one slipped through.
  const change = (next: Tour) => {
    if (readOnly) return;
    latest.current = next;
    setTour(next);
    saver.change(next);
  };
  const images = useImageUploads(latest, change);

  useEffect(() => {
    if (returnedSession) forgetCheckoutSession();
  }, [returnedSession]);

  useEffect(() => {
    const path = `/tours/${encodeURIComponent(shortId)}`;
    Promise.all([api<Tour>('GET', path), api<TourAccessAnswer>('GET', `${path}/access`)]).then(
      ([loaded, answer]) => {
        if (answer.role === 'none') return setNotFound(true);
        setAccess(answer);
        if (!seesAnalytics(answer)) setTab((open) => (open === 'analytics' ? 'edit tour' : open));
        if (answer.role === 'view') return setTour(loaded);
        // A room left by a scene removed before rooms went with it (or whose plan could not be written then) goes now.
        // An answer without its scenes (a password tour's locked one) says nothing about which rooms are left.
        const floorplans = loaded.locked ? loaded.floorplans : keepRoomsIn(loaded.floorplans, new Set(loaded.images.map((image) => image.id)));
        setTour({ ...loaded, floorplans });
        writeRooms((write) => saver.between(write), loaded.floorplans, floorplans);
      },
      (err) => {
        // A tour the caller has no part in is not there for them, whether it exists (private) or not.
        if (err instanceof RequestFailed && (err.status === 404 || err.code === 'TourPrivate')) setNotFound(true);
        else setLoadError(err instanceof RequestFailed ? err.message : 'The tour could not be loaded.');
      },
    );
    const online = () => saver.flush();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      saver.dispose();
    };
  }, [shortId, saver]);

  // Photos chosen on the dashboard for this new tour are uploaded once it has loaded.
  const loaded = tour !== null;
  const uploadChosen = useEffectEvent((photos: File[]) => void images.addImages(photos));
  useEffect(() => {
    const photos = loaded ? takeChosenPhotos(shortId) : [];
    if (photos.length > 0) uploadChosen(photos);
  }, [loaded, shortId]);

  if (notFound) return <NotFound />;
  if (loadError)
    return (
      <main className="ad-main" role="alert">
        {loadError}
      </main>
    );
  if (!tour || !access) return <main className="ad-main">Loading…</main>;

  const set = <K extends keyof Tour>(key: K, value: Tour[K]) => change({ ...latest.current!, [key]: value });
  // Floor plans are saved through their own routes, so the tour's saver is not told.
  // Publishing changes only the type, on its own route: the editor's next save carries the same revision.
  const published = (next: Tour) => {
    latest.current = { ...latest.current!, type: next.type };
    setTour(latest.current);
  };
  const changeFloorplans = (update: (floorplans: Floorplan[]) => Floorplan[]) => {
    latest.current = { ...latest.current!, floorplans: update(latest.current!.floorplans) };
    setTour(latest.current);
  };
  // One edit: the tour's save drops the scene and its links, the plans' own routes its rooms, in either order.
  const removeSceneEverywhere = (id: string) => {
    const before = latest.current!;
    const removal = sceneRemoval(before, id);
    const next = removeScene(before, id);
    change(next);
    writeRooms(between, before.floorplans, next.floorplans);
    toast.success(sceneRemovalNotice(removal));
  };

  return (
    <EditorAccessProvider value={access}>
      <Header>
        <input
          className="ad-title-input"
          aria-label="Tour title"
          placeholder="Tour title"
          value={tour.title}
          disabled={readOnly}
          onChange={(event) => set('title', event.target.value)}
        />
        <SaveState status={save.status} uploading={images.imagesRemaining > 0} />
        <button type="button" className="ad-button ad-button--plain" aria-pressed={preview} onClick={() => setPreview(!preview)}>
          Preview
        </button>
      </Header>
      {access.role !== 'owner' ? (
        <MemberNotice tour={tour} readOnly={readOnly} />
      ) : (
        <PublishControl tour={tour} onPublished={published} returnedSession={returnedSession} className="ad-publish--bar" />
      )}
      {save.message && (
        <p className="ad-banner" role="alert">
          {save.message}
        </p>
      )}
      <TourWarnings warnings={save.warnings} />
      {save.status === 'signed-out' && <SignInAgain onSignedIn={() => saver.flush()} />}
      <nav className="ad-tabs" role="tablist">
        {TABS.filter((name) => name !== 'analytics' || seesAnalytics(access)).map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} onClick={() => setTab(name)}>
            {name}
          </button>
        ))}
      </nav>
      <main className="ad-main ad-editor">
        {/* A disabled fieldset disables every field and button of the tabs at once; the tab list stays usable. */}
        <fieldset className="ad-editor__fields" disabled={readOnly}>
          {tab === 'edit tour' && (
            <EditTourTab tour={tour} change={change} uploads={images} sceneId={sceneId} onPickScene={setSceneId} onRemoveScene={removeSceneEverywhere} />
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
          {tab === 'lead gen' && <LeadGenTab tour={tour} set={set} />}
          {tab === 'video chat' && <VideoChatTab tour={tour} set={set} />}
          {tab === 'floor plan' && <FloorplanTab tour={tour} onFloorplans={changeFloorplans} between={between} />}
          {tab === 'library' && (
            <LibraryTab
              settled={() => saver.settled()}
              onPick={(use, url) => {
                change(use === 'logo' ? { ...tour, logo: url } : { ...tour, defaultHotspotImage: url, defaultHotspotStyle: 4 });
                toast.success(use === 'logo' ? 'Logo set.' : 'Hotspots will use this picture.');
              }}
            />
          )}
          {tab === 'team' && (
            <TeamTab
              tour={tour}
              onTeam={(teamId) => {
                latest.current = { ...latest.current!, teamId };
                setTour(latest.current);
              }}
              onRestore={async (restore) => {
                // An edit the server does not hold yet would be saved over the restored tour.
                if (!(await saver.settled())) throw new RequestFailed(409, 'Unsaved', 'Your last changes are not saved yet; restore once they are.');
                const restored = await saver.between(restore);
                latest.current = restored;
                setTour(restored);
              }}
            />
          )}
        </fieldset>
        {/* Numbers to read, not fields: outside the read-only fieldset. */}
        {tab === 'analytics' && seesAnalytics(access) && <TourAnalyticsView shortId={tour.shortId} images={tour.images} />}
        {preview && <TourPreview shortId={tour.shortId} revision={tour.revision} />}
      </main>
    </EditorAccessProvider>
  );
}
