import type { Image, TourInput } from '../schema/tour';
import { tourTitle } from '../schema/tour-title';

/** What a history entry says happened: a kind of change and, in words an owner reads, what it left. */
export interface Change {
  type: string;
  currentValue: string;
}

/** The longest summary kept; longer ones end in an ellipsis. */
const VALUE_LENGTH = 200;

function shortText(text: string): string {
  return text.length > VALUE_LENGTH ? `${text.slice(0, VALUE_LENGTH - 1)}…` : text;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function sceneName(scene: Image): string {
  return `"${scene.title || scene.id}"`;
}

/** Spots (hotspots or info spots) added, removed and changed, counted per scene kept by the save. */
function spotChanges(before: Image[], after: Image[], spots: (scene: Image) => Array<{ id: string }>): string[] {
  const earlier = new Map(before.map((scene) => [scene.id, scene]));
  return after.flatMap((scene) => {
    const old = earlier.get(scene.id);
    if (!old) return [];
    const was = new Map(spots(old).map((spot) => [spot.id, spot]));
    const now = new Set(spots(scene).map((spot) => spot.id));
    const added = spots(scene).filter((spot) => !was.has(spot.id)).length;
    const removed = spots(old).filter((spot) => !now.has(spot.id)).length;
    const changed = spots(scene).filter((spot) => was.has(spot.id) && !same(was.get(spot.id), spot)).length;
    const counts = [added && `${added} added`, removed && `${removed} removed`, changed && `${changed} changed`].filter(Boolean);
    return counts.length > 0 ? [`${counts.join(', ')} in ${sceneName(scene)}`] : [];
  });
}

/** Scenes added, removed, renamed, otherwise changed (picture, starting view) and reordered. */
function sceneChanges(before: Image[], after: Image[]): string[] {
  const earlier = new Map(before.map((scene) => [scene.id, scene]));
  const later = new Set(after.map((scene) => scene.id));
  const apartFromSpots = ({ hotspots: _hotspots, infospots: _infospots, title: _title, ...rest }: Image) => rest;
  const kept = after.filter((scene) => earlier.has(scene.id));
  const keptBefore = before.filter((scene) => later.has(scene.id));
  return [
    ...after.filter((scene) => !earlier.has(scene.id)).map((scene) => `added ${sceneName(scene)}`),
    ...before.filter((scene) => !later.has(scene.id)).map((scene) => `removed ${sceneName(scene)}`),
    ...kept
      .filter((scene) => earlier.get(scene.id)!.title !== scene.title)
      .map((scene) => `renamed ${sceneName(earlier.get(scene.id)!)} to ${sceneName(scene)}`),
    ...kept.filter((scene) => !same(apartFromSpots(earlier.get(scene.id)!), apartFromSpots(scene))).map((scene) => `changed ${sceneName(scene)}`),
    ...(same(
      kept.map((scene) => scene.id),
      keptBefore.map((scene) => scene.id),
    )
      ? []
      : ['reordered']),
  ];
}

/**
 * Names a save by what it changed, for the team's history: the title, scenes added, removed, renamed or changed,
 * hotspots and info spots per scene, and the other settings by name. One kind of change is that kind with its
 * details (`scenes`: `added "Deck"`); several are `changes` with each kind named.
 */
export function describeSave(before: TourInput, after: TourInput): Change {
  const parts: Array<{ type: string; details: string[] }> = [
    { type: 'title', details: tourTitle(before) === tourTitle(after) ? [] : [tourTitle(after)] },
    { type: 'scenes', details: sceneChanges(before.images, after.images) },
    { type: 'hotspots', details: spotChanges(before.images, after.images, (scene) => scene.hotspots) },
    { type: 'info spots', details: spotChanges(before.images, after.images, (scene) => scene.infospots) },
    {
      type: 'settings',
      details: (Object.keys(after) as Array<keyof TourInput>).filter((key) => !['title', 'name', 'images'].includes(key) && !same(before[key], after[key])),
    },
  ].filter((part) => part.details.length > 0);
  if (parts.length === 0) return { type: 'save', currentValue: '' };
  if (parts.length === 1) return { type: parts[0].type, currentValue: shortText(parts[0].details.join(', ')) };
  return { type: 'changes', currentValue: shortText(parts.map((part) => `${part.type}: ${part.details.join(', ')}`).join('; ')) };
}
