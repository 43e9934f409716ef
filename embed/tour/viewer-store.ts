import { proxy } from 'valtio';
import type { Tour } from '../../api/schema/tour';

export type ViewerStatus = 'idle' | 'loading' | 'ready' | 'password' | 'error';

export type ModalName = 'lead' | 'showing' | 'share' | 'floorplan' | 'locked' | 'payments' | 'infospot' | 'notice';

export interface ViewerState {
  status: ViewerStatus;
  tour: Tour | null;
  sceneId: string;
  error: { code: string; message: string } | null;
  modal: ModalName | null;
  /** The info spot shown in the infospot modal. */
  infospotId: string | null;
  /** A short message shown in the notification dialog. */
  notice: string;
  controlsHidden: boolean;
  reelVisible: boolean;
  floorplanPanel: boolean;
  /** The floor plan open in the link-to-rooms modal. */
  floorplanId: string | null;
  chatOpen: boolean;
  chatActive: boolean;
  /** Name typed in the chat lobby, carried into the showing form. */
  showingName: string;
}

/** One store per element: two tours on one page never share state. */
export function createViewerStore(): ViewerState {
  return proxy<ViewerState>({
    status: 'idle',
    tour: null,
    sceneId: '',
    error: null,
    modal: null,
    infospotId: null,
    notice: '',
    controlsHidden: false,
    reelVisible: true,
    floorplanPanel: false,
    floorplanId: null,
    chatOpen: false,
    chatActive: false,
    showingName: '',
  });
}

export function tourLoaded(state: ViewerState, tour: Tour, sceneId?: string): void {
  state.tour = tour;
  state.sceneId = sceneId && tour.images.some((image) => image.id === sceneId) ? sceneId : (tour.images[0]?.id ?? '');
  state.status = tour.locked ? 'password' : 'ready';
  state.error = null;
  state.reelVisible = !tour.config.hideRibbonAtStart;
}

export function tourFailed(state: ViewerState, error: { code: string; message: string }): void {
  state.status = 'error';
  state.error = error;
}

export function sceneChanged(state: ViewerState, sceneId: string): void {
  state.sceneId = sceneId;
}

export function openModal(state: ViewerState, modal: ModalName): void {
  state.modal = modal;
}

export function closeModal(state: ViewerState): void {
  state.modal = null;
  state.infospotId = null;
}

export function showNotice(state: ViewerState, notice: string): void {
  state.notice = notice;
  state.modal = 'notice';
}

export function openInfospot(state: ViewerState, infospotId: string): void {
  state.infospotId = infospotId;
  state.modal = 'infospot';
}
