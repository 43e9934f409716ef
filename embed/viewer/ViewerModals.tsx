import '../i18n/en-parts';
import { useRef } from 'react';
import { useSnapshot } from 'valtio';
import type { Tour } from '../../api/schema/tour';
import { emit } from '../element/viewer-events';
import { useMessages } from '../i18n/i18n-context';
import { useAdoptedStyles } from '../hooks/use-adopted-styles';
import { partsCss } from '../styles/parts';
import { signedInUser } from '../tour/tour-client';
import {
  chatActiveChanged,
  chatHostingChanged,
  closeChat,
  closeModal,
  floorplanRoomChosen,
  scheduleShowing,
  showNotice,
  tourUnlocked,
} from '../tour/viewer-store';
import { FloorplanModal } from '../ui/Floorplans';
import { InfospotModal } from '../ui/InfospotModal';
import { LeadModal } from '../ui/LeadModal';
import { LockedTourModal, PaymentsModal } from '../ui/LockModals';
import { Modal } from '../ui/Modal';
import { ShareModal } from '../ui/ShareModal';
import { ShowingModal } from '../ui/ShowingModal';
import { VideoChatPanel } from '../ui/VideoChatPanel';
import { useViewer } from './viewer-context';

/** The video chat panel and the one modal the store has open; loaded the first time one opens. */
export function ViewerModals({ tour, chatPanel }: { tour: Tour; chatPanel: boolean }) {
  const viewer = useViewer();
  const { store, host, apiOrigin, panorama, control, goTo } = viewer;
  useAdoptedStyles(useRef(host), partsCss);
  const state = useSnapshot(store);
  const { t } = useMessages();
  const user = signedInUser(apiOrigin);
  const close = () => closeModal(store);
  const openSpot = state.infospotId ? tour.images.flatMap((image) => image.infospots).find((spot) => spot.id === state.infospotId) : undefined;
  const openPlan = tour.floorplans.find((plan) => plan.floorplanId === state.floorplanId);

  return (
    <>
      {chatPanel && (
        <VideoChatPanel
          tour={tour}
          panorama={control}
          user={user && { id: user.id, name: user.name, token: user.token }}
          onActiveChange={(active) => chatActiveChanged(store, active)}
          onHostingChange={(hosting) => chatHostingChanged(store, hosting)}
          onClose={() => closeChat(store)}
          onScheduleShowing={(name) => scheduleShowing(store, name)}
        />
      )}
      {state.modal === 'lead' && (
        <LeadModal
          tour={tour}
          onClose={close}
          onSubmitted={() => {
            emit(host, 'lead-submit', { tourId: tour.id });
            showNotice(store, t('leadReceived'));
          }}
        />
      )}
      {state.modal === 'showing' && (
        <ShowingModal
          tour={tour}
          initialName={state.showingName}
          onClose={close}
          onSent={(message) => {
            viewer.track?.('showing');
            showNotice(store, message);
          }}
        />
      )}
      {state.modal === 'share' && <ShareModal tour={tour} canUseListingMode={user?.type === 2 || tour.type === 'paid'} onClose={close} />}
      {state.modal === 'infospot' && openSpot && <InfospotModal spot={openSpot} onClose={close} />}
      {state.modal === 'floorplan' && openPlan && (
        <FloorplanModal
          plan={openPlan}
          sceneId={state.sceneId}
          onClose={close}
          onRoom={(sceneId) => {
            floorplanRoomChosen(store);
            goTo(sceneId);
            // The plan and the panel that opened it are gone: the keyboard goes on in the panorama, not on <body>.
            requestAnimationFrame(() => panorama.current?.viewer.getContainer().focus());
          }}
        />
      )}
      {/* The whole answer: a locked tour reaches visitors without its scenes until an e-mail unlocks it. */}
      {state.modal === 'locked' && <LockedTourModal tour={tour} onUnlocked={(unlocked) => tourUnlocked(store, unlocked)} />}
      {state.modal === 'payments' && <PaymentsModal tour={tour} onClose={close} />}
      {state.modal === 'notice' && (
        <Modal title={t('notification')} onClose={close} width={420}>
          <p role="status">{state.notice}</p>
        </Modal>
      )}
    </>
  );
}
