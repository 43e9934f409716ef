import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { snapshot } from 'valtio';
import { floorplanSchema, tourInputSchema, type Floorplan, type Tour, type TourSave } from '../../../../../api/schema/tour';
import type { TourAccessAnswer } from '../../../../../api/schema/tour-access';
import {
  changeTour,
  createEditorStore,
  floorplansChanged,
  isOwnersField,
  isReadOnly,
  pickScene,
  removeSceneEverywhere,
  restoreTour,
  scenesUploaded,
  setField,
  setPassword,
  tourLoaded,
  tourPublished,
  type EditorState,
} from '../../../../../admin/features/editor/editor-store';
import { addScene, renameScene } from '../../../../../admin/features/editor/tour-edits';
import { picture } from './support/pictures';
import { RequestFailed } from '../../../../../admin/lib/request-failed';
import { SAVE_DEBOUNCE_MS } from '../../../../../admin/features/editor/tour-saver';

/** A tour as the API answers it: a hall and a kitchen, and a floor plan with a room for each. */
function apiTour(): Tour {
  const scenes = addScene(addScene(tourInputSchema.parse({ title: 'Loft' }), picture('Hall.jpg'), 'hall'), picture('Kitchen.jpg'), 'kitchen');
  const plan = floorplanSchema.parse({
    floorplanId: 'plan',
    name: 'Ground floor',
    tourId: 7,
    hotspots: ['hall', 'kitchen'].map((id) => ({ id: `room-${id}`, coords: { x: 10, y: 10 }, destinationSceneId: id })),
  });
  return {
    ...scenes,
    images: scenes.images.map((image) => ({ ...image, hotspots: [], infospots: [] })),
    id: 7,
    userId: 1,
    shortId: 'abc',
    type: 'free',
    whiteLabelStatusCode: '',
    teamId: null,
    floorplans: [plan],
    owner: null,
    revision: 1,
  } as Tour;
}

const OWNER: TourAccessAnswer = { role: 'owner', ownerOnlyFields: [] };
const MEMBER = (role: 'view' | 'edit'): TourAccessAnswer => ({ role, ownerOnlyFields: ['privacy', 'agentEmail'] });

/** The server's side, kept in memory: each write raises the revision, as the real one does. */
function memoryServer() {
  const server = {
    revision: 1,
    saves: [] as TourSave[],
    rooms: [] as Floorplan[],
    saveTour: vi.fn(async (body: TourSave) => {
      server.saves.push(body);
      return { revision: ++server.revision };
    }),
    saveRooms: vi.fn(async (plan: Floorplan) => {
      server.rooms.push(plan);
      return { revision: ++server.revision };
    }),
  };
  return server;
}

let server: ReturnType<typeof memoryServer>;
let store: EditorState;

function open(tour: Tour = apiTour(), access: TourAccessAnswer = OWNER) {
  server = memoryServer();
  store = createEditorStore(server);
  tourLoaded(store, tour, access);
}

const settle = () => vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the editor store', () => {
  it('applies each change to the newest tour and saves them once, then takes the revision the save answered', async () => {
    open();
    setField(store, 'title', 'Harbour loft');
    changeTour(store, (tour) => renameScene(tour, 'hall', 'Entrance'));
    expect(store.save.status).toBe('unsaved');
    await settle();
    expect(server.saveTour).toHaveBeenCalledTimes(1);
    expect(server.saves[0]).toMatchObject({ title: 'Harbour loft', revision: 1 });
    expect(server.saves[0].images[0].title).toBe('Entrance');
    expect(store.tour!.revision).toBe(2);
    expect(snapshot(store).save.status).toBe('saved');
  });

  it('adds the scenes of finished uploads to the tour as it stands by then', async () => {
    open();
    const started = store.tour!;
    setField(store, 'title', 'Typed during the upload');
    scenesUploaded(store, [picture('Garden.jpg'), picture('Attic.jpg')]);
    expect(store.tour).not.toBe(started);
    expect(store.tour!.title).toBe('Typed during the upload');
    expect(store.tour!.images.map((image) => image.title)).toEqual(['Hall', 'Kitchen', 'Garden', 'Attic']);
    await settle();
    expect(server.saves.at(-1)!.images).toHaveLength(4);
  });

  it('sends a new password with the next save only', async () => {
    open();
    setPassword(store, 'open sesame');
    setField(store, 'privacy', 'Password');
    await settle();
    setField(store, 'title', 'Later');
    await settle();
    expect(server.saves.map((save) => [save.privacy, save.password])).toEqual([
      ['Password', 'open sesame'],
      ['Password', undefined],
    ]);
  });

  it('removes a scene with the links and rooms that led to it, the rooms through their own route between saves', async () => {
    open();
    expect(removeSceneEverywhere(store, 'kitchen')).toBe('Scene "Kitchen" deleted, with 1 floor-plan room on "Ground floor" that led to it.');
    expect(store.tour!.images.map((image) => image.id)).toEqual(['hall']);
    expect(store.tour!.floorplans[0].hotspots.map((room) => room.destinationSceneId)).toEqual(['hall']);
    await settle();
    expect(server.rooms.map((plan) => plan.hotspots.length)).toEqual([1]);
    // The rooms' write raised the revision first: the tour's save is sent on it, not refused as stale.
    expect(server.saves.map((save) => save.revision)).toEqual([2]);
    expect(store.tour!.revision).toBe(3);
  });

  it('drops, on opening, rooms whose scene went before rooms went with it, and writes their plan', async () => {
    const tour = apiTour();
    open({ ...tour, images: tour.images.filter((image) => image.id === 'hall') });
    expect(store.phase).toBe('ready');
    expect(store.tour!.floorplans[0].hotspots.map((room) => room.id)).toEqual(['room-hall']);
    await settle();
    expect(server.rooms).toHaveLength(1);
    expect(server.saves).toHaveLength(0);
  });

  it('gives a view member the tour as it is and changes nothing for them', async () => {
    const tour = apiTour();
    open({ ...tour, images: tour.images.filter((image) => image.id === 'hall') }, MEMBER('view'));
    expect(isReadOnly(store)).toBe(true);
    expect(store.tour!.floorplans[0].hotspots).toHaveLength(2);
    const shown = store.tour;
    setField(store, 'title', 'Changed by a viewer');
    setPassword(store, 'nope');
    scenesUploaded(store, [picture('Garden.jpg')]);
    removeSceneEverywhere(store, 'hall');
    expect(store.tour).toBe(shown);
    await settle();
    expect(server.saveTour).not.toHaveBeenCalled();
    expect(server.saveRooms).not.toHaveBeenCalled();
    expect(store.save.status).toBe('saved');
  });

  it('says which settings are the owner’s to an edit member only, and is not there for a stranger', () => {
    open(apiTour(), MEMBER('edit'));
    expect(isReadOnly(store)).toBe(false);
    expect(isOwnersField(store, 'privacy')).toBe(true);
    expect(isOwnersField(store, 'whiteLabelUrl')).toBe(false);
    open(apiTour(), { role: 'owner', ownerOnlyFields: ['privacy'] });
    expect(isOwnersField(store, 'privacy')).toBe(false);
    open(apiTour(), { role: 'none', ownerOnlyFields: [] });
    expect(store.phase).toBe('not-found');
    expect(store.tour).toBe(null);
  });

  it('takes writes made through other routes without saving the tour for them', async () => {
    open();
    tourPublished(store, { type: 'paid' });
    floorplansChanged(store, (plans) => plans.map((plan) => ({ ...plan, name: 'Upstairs' })));
    pickScene(store, 'kitchen');
    expect(store.tour).toMatchObject({ type: 'paid', floorplans: [{ name: 'Upstairs' }] });
    expect(store.sceneId).toBe('kitchen');
    await settle();
    expect(server.saveTour).not.toHaveBeenCalled();
    expect(store.save.status).toBe('saved');
  });

  it('restores a history entry only once every edit is saved, then shows the restored tour', async () => {
    open();
    server.saveTour.mockRejectedValueOnce(new RequestFailed(409, 'StaleRevision', 'stale'));
    setField(store, 'title', 'Not saved');
    await settle();
    expect(store.save.status).toBe('conflict');
    const restore = vi.fn(async () => ({ ...apiTour(), title: 'As it was', revision: 9 }));
    await expect(restoreTour(store, restore)).rejects.toMatchObject({ status: 409, code: 'Unsaved' });
    expect(restore).not.toHaveBeenCalled();

    open();
    setField(store, 'title', 'Saved first');
    const restored = restoreTour(store, async () => ({ ...apiTour(), title: 'As it was', revision: 9 }));
    await settle();
    await restored;
    expect(server.saves.map((save) => save.title)).toEqual(['Saved first']);
    expect(store.tour).toMatchObject({ title: 'As it was', revision: 9 });
  });
});
