import { proxy } from 'valtio';
import type { Tour } from '../api/schema/tour';

export type ViewerStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ViewerState {
  status: ViewerStatus;
  tour: Tour | null;
  sceneId: string;
  error: { code: string; message: string } | null;
}

/** One store per element: two tours on one page never share state. */
export function createViewerStore(): ViewerState {
  return proxy<ViewerState>({ status: 'idle', tour: null, sceneId: '', error: null });
}

export function tourLoaded(state: ViewerState, tour: Tour): void {
  state.tour = tour;
  state.sceneId = tour.images[0]?.id ?? '';
  state.status = 'ready';
  state.error = null;
}

export function tourFailed(state: ViewerState, error: { code: string; message: string }): void {
  state.status = 'error';
  state.error = error;
}

export function sceneChanged(state: ViewerState, sceneId: string): void {
  state.sceneId = sceneId;
}
