import { proxy } from 'valtio';

/** Top loading bar: it creeps every 400 ms by up to 20 points and never passes 99 while requests are pending. */
export const LOADING_UPDATE_MS = 400;
export const LOADING_MAX_PROGRESS = 99;
export const LOADING_PROGRESS_INCREASE = 20;
/** How long the bar takes to slide to its next width, and to fill and fade once the last request settles. */
export const LOADING_ANIMATION_MS = 800;
export const LOADING_ENDING_ANIMATION_MS = 200;

/** percent 0 means the bar is hidden; ending is true while it fills to 100 and fades out. */
export const loadingProgress = proxy({ pending: 0, percent: 0, ending: false });

let ticker: ReturnType<typeof setInterval> | undefined;
let ender: ReturnType<typeof setTimeout> | undefined;

/** Smaller steps near the end, so a long request still looks alive without reaching 100. */
function nextPercent(percent: number): number {
  return Math.min(LOADING_MAX_PROGRESS, percent + LOADING_PROGRESS_INCREASE * Math.cos((percent * Math.PI) / 200));
}

/** A request went out (pending). The bar shows on the first tick, so requests quicker than 400 ms never flash it. */
export function requestPending(): void {
  loadingProgress.pending += 1;
  if (loadingProgress.ending) {
    clearTimeout(ender);
    Object.assign(loadingProgress, { percent: 0, ending: false });
  }
  ticker ??= setInterval(() => (loadingProgress.percent = nextPercent(loadingProgress.percent)), LOADING_UPDATE_MS);
}

/** A request answered (fulfilled) or failed (rejected); the last one to settle fills the bar and lets it fade. */
export function requestSettled(): void {
  if (loadingProgress.pending === 0) throw new Error('requestSettled() called without a pending request');
  loadingProgress.pending -= 1;
  if (loadingProgress.pending > 0) return;
  clearInterval(ticker);
  ticker = undefined;
  if (loadingProgress.percent === 0) return;
  Object.assign(loadingProgress, { percent: 100, ending: true });
  ender = setTimeout(() => Object.assign(loadingProgress, { percent: 0, ending: false }), LOADING_ENDING_ANIMATION_MS);
}

/** Counts one request on the bar for as long as its promise is pending. */
export async function trackRequest<T>(request: Promise<T>): Promise<T> {
  requestPending();
  try {
    return await request;
  } finally {
    requestSettled();
  }
}
