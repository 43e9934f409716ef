import { proxy } from 'valtio';
import type { Tour } from '../../api/schema/tour';

export type ViewerStatus = 'idle' | 'loading' | 'ready' | 'password' | 'error';

export type ModalName = 'lead' | 'showing' | 'share' | 'floorplan' | 'locked' | 'payments' | 'infospot' | 'notice';

/**
 * Everything the viewer shows that can change, in one valtio proxy per element (two tours on one page never share
 * state). Components read it with useSnapshot; only the actions below write to it.
 */
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
  /** The overlays wait for the first panorama, so their images and layout do not compete with it. */
  firstShown: boolean;
  controlsHidden: boolean;
  reelVisible: boolean;
  floorplanPanel: boolean;
  /** The floor plan open in the link-to-rooms modal. */
  floorplanId: string | null;
  chatOpen: boolean;
  chatActive: boolean;
  /** We host the live chat: we keep scene navigation while the followers' controls stay hidden. */
  chatHosting: boolean;
  /** Name typed in the chat lobby, carried into the showing form. */
  showingName: string;
  vr: boolean;
  ambiencePlaying: boolean;
  /** Covering the window, where the browser has no Fullscreen API for elements (iPhone Safari). */
  fixedFullscreen: boolean;
}

export function createViewerStore(): ViewerState {
  return proxy<ViewerState>({
    status: 'idle',
    tour: null,
    sceneId: '',
    error: null,
    modal: null,
    infospotId: null,
    notice: '',
    firstShown: false,
    controlsHidden: false,
    reelVisible: true,
    floorplanPanel: false,
    floorplanId: null,
    chatOpen: false,
    chatActive: false,
    chatHosting: false,
    showingName: '',
    vr: false,
    ambiencePlaying: false,
    fixedFullscreen: false,
  });
}

/** Another tour (a new short-id) is shown from the start: its first panorama is awaited and told again. */
export function tourLoading(state: ViewerState): void {
  state.status = 'loading';
  state.firstShown = false;
}

export function tourLoaded(state: ViewerState, tour: Tour, sceneId?: string): void {
  state.tour = tour;
  state.sceneId = sceneId && tour.images.some((image) => image.id === sceneId) ? sceneId : (tour.images[0]?.id ?? '');
  state.status = tour.locked ? 'password' : 'ready';
  state.error = null;
  state.reelVisible = !tour.config.hideRibbonAtStart;
}

/** A locked tour's e-mail unlock answers with the whole tour. */
export function tourUnlocked(state: ViewerState, tour: Tour): void {
  tourLoaded(state, tour);
  closeModal(state);
}

export function tourFailed(state: ViewerState, error: { code: string; message: string }): void {
  state.status = 'error';
  state.error = error;
}

/** False when the scene is already the current one. */
export function sceneChanged(state: ViewerState, sceneId: string): boolean {
  if (sceneId === state.sceneId) return false;
  state.sceneId = sceneId;
  return true;
}

/** True the first time only: the first panorama is drawn once per element. */
export function firstPanoramaShown(state: ViewerState): boolean {
  if (state.firstShown) return false;
  state.firstShown = true;
  return true;
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

/** Under this height the controls cannot stand around a free centre (a 280×160 embed). */
export const FOLDED_BELOW_PX = 300;

/** A viewer too short for its controls starts with them and the reel folded away behind the control toggle. */
export function startFolded(state: ViewerState, viewerHeight: number): void {
  if (viewerHeight >= FOLDED_BELOW_PX) return;
  state.controlsHidden = true;
  state.reelVisible = false;
}

export function toggleControls(state: ViewerState): void {
  state.controlsHidden = !state.controlsHidden;
}

export function toggleReel(state: ViewerState): void {
  state.reelVisible = !state.reelVisible;
}

export function toggleFloorplanPanel(state: ViewerState): void {
  state.floorplanPanel = !state.floorplanPanel;
}

export function openFloorplan(state: ViewerState, floorplanId: string): void {
  state.floorplanId = floorplanId;
  openModal(state, 'floorplan');
}

/** A room picked on a floor plan: the plan and its panel close, and the viewer goes there. */
export function floorplanRoomChosen(state: ViewerState): void {
  closeModal(state);
  state.floorplanPanel = false;
}

export function openChat(state: ViewerState): void {
  state.chatOpen = true;
}

export function closeChat(state: ViewerState): void {
  state.chatOpen = false;
}

export function toggleChat(state: ViewerState): void {
  state.chatOpen = !state.chatOpen;
}

/** A live chat hides the controls (but the host's) and chat button and stops the ambience; leaving it brings the controls back. */
export function chatActiveChanged(state: ViewerState, active: boolean): void {
  state.chatActive = active;
  if (!active) state.chatHosting = false;
  state.controlsHidden = active && !state.chatHosting;
  if (active) state.ambiencePlaying = false;
}

/** The host guides the others through the tour: their controls come back, and go again when someone else hosts. */
export function chatHostingChanged(state: ViewerState, hosting: boolean): void {
  if (state.chatHosting === hosting) return;
  state.chatHosting = hosting;
  if (state.chatActive) state.controlsHidden = !hosting;
}

/** 'Schedule a Showing' in the chat lobby: the showing form opens with the name typed there. */
export function scheduleShowing(state: ViewerState, name: string): void {
  state.showingName = name;
  openModal(state, 'showing');
}

export function setVr(state: ViewerState, on: boolean): void {
  state.vr = on;
}

export function ambienceChanged(state: ViewerState, playing: boolean): void {
  state.ambiencePlaying = playing;
}

export function toggleFixedFullscreen(state: ViewerState): void {
  state.fixedFullscreen = !state.fixedFullscreen;
}
