import { subscribeKey } from 'valtio/utils';
import type { AnalyticsEvent, AnalyticsEventType, VisitBeacon } from '../../api/schema/analytics';
import { ANALYTICS_MAX_EVENTS } from '../../api/schema/analytics-bounds';
import { signedInUser } from '../tour/tour-client';
import type { Viewer } from '../viewer/viewer-context';
import { visitFacts } from './visit-facts';

/** While the page is shown, events wait this long at most; hiding or leaving the page sends them at once. */
export const SEND_EVERY_MS = 15_000;

/** The server's bounds (api/schema/analytics.ts): times since the visit's start, durations, ids. */
const MAX_AT_MS = 7 * 24 * 3600 * 1000;
const MAX_MS = 24 * 3600 * 1000;
const MAX_ID = 64;

/** Runs `fn` so that nothing it throws reaches the page: a visit report is never worth breaking a tour over. */
function safe<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  return (...args) => {
    try {
      fn(...args);
    } catch {
      // Deliberately dropped: the page's own error handlers are not ours to trouble.
    }
  };
}

/** Random per visit; crypto.randomUUID exists only in secure contexts, and partner pages may be plain http. */
function newVisitId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const fitsId = (id: string | null | undefined): id is string => !!id && id.length <= MAX_ID;

/**
 * Collects one visit of the tour `shortId` shown by `viewer`, from its first panorama on, and reports it to the
 * tour's server as text/plain beacons (no CORS preflight on partner pages): at once, then at most every 15 s
 * while shown, and when the page is hidden or left. Keeps nothing in cookies or storage. Returns the stop, which
 * ends the visit (the element removed, or another tour shown).
 */
export function startCollector(viewer: Viewer, shortId: string): () => void {
  const { store, host, apiOrigin } = viewer;
  const url = `${apiOrigin}/api/tours/${encodeURIComponent(shortId)}/visits`;
  const visit: Omit<VisitBeacon, 'events'> = { visitId: newVisitId(), ...visitFacts(apiOrigin) };
  const started = performance.now();
  let events: AnalyticsEvent[] = [];
  let hidden = false;
  let shownSince = started;
  let shownMs = 0;

  const at = () => Math.min(Math.round(performance.now() - started), MAX_AT_MS);
  const record = (type: AnalyticsEventType, fields: Pick<AnalyticsEvent, 'sceneId' | 'targetId' | 'ms'> = {}) => {
    events.push({ type, at: at(), ...fields });
  };

  // A scene's event is written when it is left, with the time spent in it; and when the page is hidden, with the
  // time so far. A stay resumed after a tab switch keeps its `at`, by which the server knows it for the same entry:
  // its later report replaces the earlier one, so the entry counts once and its time adds up.
  let scene: { sceneId: string; at: number; since: number; shownMs: number } | null = null;
  const enter = (sceneId: string) => {
    scene = fitsId(sceneId) ? { sceneId, at: at(), since: performance.now(), shownMs: 0 } : null;
  };
  const report = () => {
    if (!scene) return;
    scene.shownMs += performance.now() - scene.since;
    events.push({ type: 'scene', at: scene.at, sceneId: scene.sceneId, ms: Math.min(Math.round(scene.shownMs), MAX_MS) });
  };
  const leave = () => {
    report();
    scene = null;
  };
  const currentScene = () => (fitsId(store.sceneId) ? store.sceneId : undefined);

  function post(body: string) {
    // On our own page the signed-in owner or team member is known: the server leaves them out by their token.
    const token = signedInUser(apiOrigin)?.token;
    if (token) {
      const headers = { 'Content-Type': 'text/plain', Authorization: `JWT ${token}` };
      void fetch(url, { method: 'POST', keepalive: true, credentials: 'omit', headers, body }).catch(() => undefined);
    } else {
      navigator.sendBeacon(url, new Blob([body], { type: 'text/plain' }));
    }
  }

  /** Sends what was recorded (the first call even with nothing: it is the visit's first panorama). */
  let sentOnce = false;
  function send() {
    while (events.length > 0 || !sentOnce) {
      sentOnce = true;
      const batch = events.slice(0, ANALYTICS_MAX_EVENTS);
      events = events.slice(ANALYTICS_MAX_EVENTS);
      post(JSON.stringify({ ...visit, events: batch } satisfies VisitBeacon));
    }
  }

  /** Hidden or left: the current scene's time and the visit's length so far go out now, the page may not come back. */
  function hide() {
    if (hidden) return;
    hidden = true;
    report();
    shownMs += performance.now() - shownSince;
    record('end', { ms: Math.min(Math.round(shownMs), MAX_MS) });
    send();
  }

  /** Shown again: time counts on, in the same stay if its scene is still on screen. */
  function show() {
    if (!hidden) return;
    hidden = false;
    shownSince = performance.now();
    if (scene?.sceneId === store.sceneId) scene.since = shownSince;
    else enter(store.sceneId);
  }

  const onVisibility = safe(() => (document.visibilityState === 'hidden' ? hide() : show()));
  const onPageHide = safe(hide);
  const onLead = safe(() => record('lead'));
  const onFullscreen = safe(() => {
    if (document.fullscreenElement === host) record('fullscreen');
  });
  const unsubscribes = [
    subscribeKey(
      store,
      'sceneId',
      safe((sceneId) => {
        if (hidden) return;
        leave();
        enter(sceneId);
      }),
    ),
    subscribeKey(
      store,
      'infospotId',
      safe((infospotId) => {
        if (fitsId(infospotId)) record('info', { sceneId: currentScene(), targetId: infospotId });
      }),
    ),
    subscribeKey(
      store,
      'modal',
      safe((modal) => modal === 'share' && record('share')),
    ),
    subscribeKey(
      store,
      'chatActive',
      safe((active) => active && record('chat')),
    ),
    subscribeKey(
      store,
      'vr',
      safe((on) => on && record('vr')),
    ),
    subscribeKey(
      store,
      'fixedFullscreen',
      safe((on) => on && record('fullscreen')),
    ),
  ];
  viewer.track = safe((type, targetId) => record(type, { sceneId: currentScene(), targetId: fitsId(targetId) ? targetId : undefined }));
  document.addEventListener('visibilitychange', onVisibility);
  document.addEventListener('fullscreenchange', onFullscreen);
  window.addEventListener('pagehide', onPageHide);
  host.addEventListener('lead-submit', onLead);
  const timer = setInterval(
    safe(() => {
      if (!hidden && events.length > 0) send();
    }),
    SEND_EVERY_MS,
  );

  safe(() => {
    enter(store.sceneId);
    if (document.visibilityState === 'hidden') hide();
    else send();
  })();

  return safe(() => {
    clearInterval(timer);
    unsubscribes.forEach((unsubscribe) => unsubscribe());
    viewer.track = undefined;
    document.removeEventListener('visibilitychange', onVisibility);
    document.removeEventListener('fullscreenchange', onFullscreen);
    window.removeEventListener('pagehide', onPageHide);
    host.removeEventListener('lead-submit', onLead);
    hide();
  });
}
