import { useEffect, useEffectEvent, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import type { Tour } from '../../../api/schema/tour';
import type { TourAccessAnswer } from '../../../api/schema/tour-access';
import { Header } from '../../components/Header';
import { NotFound } from '../../components/NotFound';
import { api } from '../../lib/api-client';
import { RequestFailed } from '../../lib/request-failed';
import { checkoutSessionInAddress, forgetCheckoutSession } from '../billing/billing-api';
import { PublishControl } from '../billing/PublishControl';
import { takeChosenPhotos } from '../dashboard/new-tour-photos';
import { FloorplanTab } from '../floorplans/FloorplanTab';
import { LibraryTab } from '../library/LibraryTab';
import { TeamTab } from '../teams/TeamTab';
import { TourAnalyticsView } from '../analytics/TourAnalyticsView';
import { BrandKitTab } from './brand-kit/BrandKitTab';
import { EditorStoreProvider, useEditorSnapshot } from './editor-context';
import { editorServer } from './editor-server';
import {
  between,
  changeTour,
  closeEditor,
  createEditorStore,
  floorplansChanged,
  isReadOnly,
  restoreTour,
  saveNow,
  setField,
  settled,
  teamChanged,
  tourFailed,
  tourLoaded,
  tourNotFound,
  tourPublished,
} from './editor-store';
import { EditTourTab } from './EditTourTab';
import { LeadGenTab } from './LeadGenTab';
import { MemberNotice } from './MemberNotice';
import { SaveState } from './SaveState';
import { SettingsTab } from './settings/SettingsTab';
import { SignInAgain } from './SignInAgain';
import { TourPreview } from './TourPreview';
import { TourWarnings } from './TourWarnings';
import { useImageUploads } from './use-image-uploads';
import { VideoChatTab } from './VideoChatTab';

const TABS = ['edit tour', 'brand kit', 'floor plan', 'lead gen', 'video chat', 'team', 'settings', 'library', 'analytics'] as const;
type Tab = (typeof TABS)[number];

/** A tour's numbers are its owner's and its team admins' only (the server refuses others): nobody else has the tab. */
const seesAnalytics = (access: Pick<TourAccessAnswer, 'role'> | undefined) => access?.role === 'owner' || access?.role === 'admin';

/** The tour editor: loads the tour into its store, and lays out its tabs. */
export function Editor({ shortId }: { shortId: string }) {
  const [store] = useState(() => createEditorStore(editorServer(shortId)));
  const { phase, loadError, tour: shown, access, save } = useEditorSnapshot(store);
  // Components take the tour as the store holds it; reading it through the snapshot re-renders when it is replaced.
  const tour = shown && store.tour;
  // The Analytics page links here with #analytics.
  const [tab, setTab] = useState<Tab>(() => (location.hash === '#analytics' ? 'analytics' : 'edit tour'));
  const [preview, setPreview] = useState(false);
  /** Stripe's Checkout sends the owner back here with its session, to be confirmed once. */
  const [returnedSession] = useState(checkoutSessionInAddress);
  const images = useImageUploads(store);

  useEffect(() => {
    if (returnedSession) forgetCheckoutSession();
  }, [returnedSession]);

  useEffect(() => {
    const path = `/tours/${encodeURIComponent(shortId)}`;
    Promise.all([api<Tour>('GET', path), api<TourAccessAnswer>('GET', `${path}/access`)]).then(
      ([loaded, answer]) => {
        tourLoaded(store, loaded, answer);
        if (!seesAnalytics(answer)) setTab((open) => (open === 'analytics' ? 'edit tour' : open));
      },
      (err) => {
        // A tour the caller has no part in is not there for them, whether it exists (private) or not.
        if (err instanceof RequestFailed && (err.status === 404 || err.code === 'TourPrivate')) tourNotFound(store);
        else tourFailed(store, err instanceof RequestFailed ? err.message : 'The tour could not be loaded.');
      },
    );
    const online = () => saveNow(store);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      closeEditor(store);
    };
  }, [shortId, store]);

  // Photos chosen on the dashboard for this new tour are uploaded once it has loaded.
  const loaded = tour !== null;
  const uploadChosen = useEffectEvent((photos: File[]) => void images.addImages(photos));
  useEffect(() => {
    const photos = loaded ? takeChosenPhotos(shortId) : [];
    if (photos.length > 0) uploadChosen(photos);
  }, [loaded, shortId]);

  if (phase === 'not-found') return <NotFound />;
  if (phase === 'failed')
    return (
      <main className="ad-main" role="alert">
        {loadError}
      </main>
    );
  if (!tour) return <main className="ad-main">Loading…</main>;
  const readOnly = isReadOnly({ access });

  return (
    <EditorStoreProvider value={store}>
      <Header>
        <input
          className="ad-title-input"
          aria-label="Tour title"
          placeholder="Tour title"
          value={tour.title}
          disabled={readOnly}
          onChange={(event) => setField(store, 'title', event.target.value)}
        />
        <SaveState status={save.status} uploading={images.imagesRemaining > 0} />
        <button type="button" className="ad-button ad-button--plain" aria-pressed={preview} onClick={() => setPreview(!preview)}>
          Preview
        </button>
      </Header>
      {access.role !== 'owner' ? (
        <MemberNotice tour={tour} readOnly={readOnly} />
      ) : (
        <PublishControl tour={tour} onPublished={(next) => tourPublished(store, next)} returnedSession={returnedSession} className="ad-publish--bar" />
      )}
      {save.message && (
        <p className="ad-banner" role="alert">
          {save.message}
        </p>
      )}
      <TourWarnings warnings={save.warnings} />
      {save.status === 'signed-out' && <SignInAgain onSignedIn={() => saveNow(store)} />}
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
          {tab === 'edit tour' && <EditTourTab uploads={images} />}
          {tab === 'settings' && <SettingsTab />}
          {tab === 'brand kit' && <BrandKitTab />}
          {tab === 'lead gen' && <LeadGenTab />}
          {tab === 'video chat' && <VideoChatTab />}
          {tab === 'floor plan' && <FloorplanTab tour={tour} onFloorplans={(update) => floorplansChanged(store, update)} between={between(store)} />}
          {tab === 'library' && (
            <LibraryTab
              settled={() => settled(store)}
              onPick={(use, url) => {
                if (use === 'logo') setField(store, 'logo', url);
                else changeTour(store, (current) => ({ ...current, defaultHotspotImage: url, defaultHotspotStyle: 4 }));
                toast.success(use === 'logo' ? 'Logo set.' : 'Hotspots will use this picture.');
              }}
            />
          )}
          {tab === 'team' && <TeamTab tour={tour} onTeam={(teamId) => teamChanged(store, teamId)} onRestore={(restore) => restoreTour(store, restore)} />}
        </fieldset>
        {/* Numbers to read, not fields: outside the read-only fieldset. */}
        {tab === 'analytics' && seesAnalytics(access) && <TourAnalyticsView shortId={tour.shortId} images={tour.images} />}
        {preview && <TourPreview shortId={tour.shortId} revision={tour.revision} />}
      </main>
    </EditorStoreProvider>
  );
}
