import { proxy, ref } from 'valtio';
import type { Floorplan, Tour, TourSave } from '../../../api/schema/tour';
import type { OwnerOnlyField, TourAccessAnswer, TourRole } from '../../../api/schema/tour-access';
import { RequestFailed } from '../../lib/request-failed';
import type { BetweenSaves } from '../floorplans/floorplan-api';
import { keepRoomsIn } from '../floorplans/room-selector';
import { addScene, removeScene, sceneRemoval, sceneRemovalNotice, type UploadedPicture } from './tour-edits';
import { TourSaver, type SaverState } from './tour-saver';

/** What the editor writes through the server: the tour's save, and a floor plan's rooms through their own route. */
export interface EditorServer {
  saveTour: (body: TourSave) => Promise<{ revision: number }>;
  /** Its failure is told to the owner by the server seam; the plan keeps its room until the editor opens again. */
  saveRooms: (plan: Floorplan) => Promise<{ revision: number }>;
}

export type EditorPhase = 'loading' | 'ready' | 'not-found' | 'failed';

/**
 * The open tour and everything the editor shows about it, in one valtio proxy per editor. Components read it with
 * useEditorSnapshot; only the actions below write to it, and each change is applied to the newest tour (an upload
 * or a held arrow key may finish after the render that started it).
 */
export interface EditorState {
  phase: EditorPhase;
  /** Why the tour could not be loaded, in the owner's words. */
  loadError: string;
  tour: Tour | null;
  /** The caller's part in the tour: a view member's editor is read-only, a stranger's not there. */
  access: TourAccessAnswer;
  /** The scene shown in the editor's panorama; the first one until the owner picks another. */
  sceneId: string | null;
  /** Where the tour's save stands (the saver's own proxy). */
  save: SaverState;
  /** A new password is not part of the tour: it travels with the next save only. */
  newPassword: string;
  /** The tour's saves and the writes between them; held with ref(): a machine with timers, not state to draw. */
  saver: TourSaver;
  server: EditorServer;
}

export function createEditorStore(server: EditorServer): EditorState {
  const saver = new TourSaver(
    (draft) => {
      const body: TourSave = state.newPassword ? { ...draft, password: state.newPassword } : draft;
      return server.saveTour(body).then((saved) => ((state.newPassword = ''), saved));
    },
    (saved) => {
      if (state.tour && state.tour.revision !== saved.revision) state.tour = { ...state.tour, revision: saved.revision };
    },
  );
  const state: EditorState = proxy<EditorState>({
    phase: 'loading',
    loadError: '',
    tour: null,
    // Nothing is offered until the server says what the caller may do.
    access: { role: 'none', ownerOnlyFields: [] },
    sceneId: null,
    save: saver.state,
    newPassword: '',
    saver: ref(saver),
    server: ref(server),
  });
  return state;
}

/** The access answer as a snapshot gives it, or as the store holds it. */
type AccessOf = { readonly access: { readonly role: TourRole; readonly ownerOnlyFields: readonly OwnerOnlyField[] } };

export function isReadOnly({ access }: AccessOf): boolean {
  return access.role === 'view';
}

/** Whether `field` is the owner's and the caller is not: the editor shows it without letting them change it. */
export function isOwnersField({ access }: AccessOf, field: OwnerOnlyField): boolean {
  return access.role !== 'owner' && access.ownerOnlyFields.includes(field);
}

/** Runs a write of the tour through another route between saves (see TourSaver.between). */
export function between(state: EditorState): BetweenSaves {
  return (write) => state.saver.between(write);
}

/** Writes the floor plans whose rooms an edit changed; each plan's failure is its own. */
function writeRooms(state: EditorState, before: Floorplan[], after: Floorplan[]): void {
  for (const plan of after.filter((candidate, i) => candidate !== before[i]))
    void state.saver.between(() => state.server.saveRooms(plan)).catch(() => undefined);
}

/**
 * The tour and the caller's part in it arrived. A member who may only view gets the tour as it is; for the others,
 * a room left by a scene removed before rooms went with it (or whose plan could not be written then) goes now.
 */
export function tourLoaded(state: EditorState, loaded: Tour, access: TourAccessAnswer): void {
  if (access.role === 'none') return tourNotFound(state);
  // An answer without its scenes (a password tour's locked one) says nothing about which rooms are left.
  const floorplans =
    access.role === 'view' || loaded.locked ? loaded.floorplans : keepRoomsIn(loaded.floorplans, new Set(loaded.images.map((image) => image.id)));
  // Compared before the store has them: valtio puts its proxies into the arrays it is given.
  writeRooms(state, loaded.floorplans, floorplans);
  state.tour = { ...loaded, floorplans };
  state.access = access;
  state.phase = 'ready';
}

/** A tour the caller has no part in is not there for them, whether it exists (private) or not. */
export function tourNotFound(state: EditorState): void {
  state.phase = 'not-found';
}

export function tourFailed(state: EditorState, message: string): void {
  state.phase = 'failed';
  state.loadError = message;
}

/** One edit of the tour, saved after a pause. A view member's editor changes nothing, even if a field slipped through. */
export function changeTour(state: EditorState, edit: (tour: Tour) => Tour): void {
  if (!state.tour || isReadOnly(state)) return;
  state.tour = edit(state.tour);
  state.saver.change(state.tour);
}

export function setField<K extends keyof Tour>(state: EditorState, key: K, value: Tour[K]): void {
  changeTour(state, (tour) => ({ ...tour, [key]: value }));
}

/** The new password goes with the next save, which is asked for now. */
export function setPassword(state: EditorState, password: string): void {
  if (!state.tour || isReadOnly(state)) return;
  state.newPassword = password;
  state.saver.change(state.tour);
}

/** Scenes for pictures whose upload finished, added to the tour as it stands now. */
export function scenesUploaded(state: EditorState, pictures: UploadedPicture[]): void {
  changeTour(state, (tour) => pictures.reduce((next, picture) => addScene(next, picture), tour));
}

/**
 * One edit: the tour's save drops the scene and its links, the plans' own routes its rooms, in either order.
 * Answers what the owner is told.
 */
export function removeSceneEverywhere(state: EditorState, sceneId: string): string {
  const before = state.tour!;
  const notice = sceneRemovalNotice(sceneRemoval(before, sceneId));
  changeTour(state, (tour) => removeScene(tour, sceneId));
  writeRooms(state, before.floorplans, state.tour!.floorplans);
  return notice;
}

export function pickScene(state: EditorState, sceneId: string): void {
  state.sceneId = sceneId;
}

/** Changes made through routes of their own, which the tour's saver is not told about. */
function adoptWritten(state: EditorState, edit: (tour: Tour) => Tour): void {
  if (state.tour) state.tour = edit(state.tour);
}

/** Publishing changes only the type, on its own route: the editor's next save carries the same revision. */
export function tourPublished(state: EditorState, published: Pick<Tour, 'type'>): void {
  adoptWritten(state, (tour) => ({ ...tour, type: published.type }));
}

/** Floor plans are saved through their own routes; `update` applies to the newest list. */
export function floorplansChanged(state: EditorState, update: (floorplans: Floorplan[]) => Floorplan[]): void {
  adoptWritten(state, (tour) => ({ ...tour, floorplans: update(tour.floorplans) }));
}

/** The tour joined or left a team (sharing has its own routes). */
export function teamChanged(state: EditorState, teamId: number | null): void {
  adoptWritten(state, (tour) => ({ ...tour, teamId }));
}

/** Restores a history entry once every edit here is saved (one the server does not hold would be saved over it). */
export async function restoreTour(state: EditorState, restore: () => Promise<Tour>): Promise<void> {
  if (!(await state.saver.settled())) throw new RequestFailed(409, 'Unsaved', 'Your last changes are not saved yet; restore once they are.');
  state.tour = await state.saver.between(restore);
}

/** Saves what waits now (back online, signed in again). */
export function saveNow(state: EditorState): void {
  state.saver.flush();
}

/** Whether the server holds every edit, once what waits is saved. */
export function settled(state: EditorState): Promise<boolean> {
  return state.saver.settled();
}

/** The editor closes: nothing more is sent on a timer. */
export function closeEditor(state: EditorState): void {
  state.saver.dispose();
}
