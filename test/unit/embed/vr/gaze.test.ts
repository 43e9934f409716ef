import { describe, expect, it } from 'vitest';
import { directionToView, GAZE_DWELL_MS, gazedAt, gazeStep, NO_GAZE, type GazeTarget } from '../../../../embed/vr/gaze';

const kitchen: GazeTarget = { hotspotId: 'to-kitchen', sceneId: 'kitchen', yaw: 30, pitch: 0 };
const garden: GazeTarget = { hotspotId: 'to-garden', sceneId: 'garden', yaw: 40, pitch: 0 };

describe('following a hotspot by looking at it in cardboard VR', () => {
  it('finds the hotspot nearest the middle of the view, within a few degrees only', () => {
    expect(gazedAt([kitchen, garden], { yaw: 33, pitch: 2 })).toBe(kitchen);
    expect(gazedAt([kitchen, garden], { yaw: 37, pitch: 0 })).toBe(garden);
    expect(gazedAt([kitchen, garden], { yaw: 90, pitch: 0 })).toBeNull();
    // Across the ±180° seam.
    expect(gazedAt([{ hotspotId: 'to-back', sceneId: 'back', yaw: 179, pitch: 0 }], { yaw: -178, pitch: 0 })?.sceneId).toBe('back');
  });

  it('follows after looking at one hotspot for 2 s, and starts over when the gaze moves', () => {
    let step = gazeStep(NO_GAZE, kitchen, 1000);
    expect(step).toMatchObject({ progress: 0, follow: null });
    step = gazeStep(step.gaze, kitchen, 1000 + GAZE_DWELL_MS / 2);
    expect(step).toMatchObject({ progress: 0.5, follow: null });
    // Looking at another hotspot starts its own count.
    step = gazeStep(step.gaze, garden, 1000 + GAZE_DWELL_MS);
    expect(step).toMatchObject({ progress: 0, follow: null });
    step = gazeStep(step.gaze, garden, 1000 + 2 * GAZE_DWELL_MS - 1);
    expect(step.follow).toBeNull();
    step = gazeStep(step.gaze, garden, 1000 + 2 * GAZE_DWELL_MS);
    expect(step).toMatchObject({ progress: 1, follow: garden });
    // Once followed, looking on does not follow again at once.
    expect(gazeStep(step.gaze, garden, 1000 + 2 * GAZE_DWELL_MS + 10).follow).toBeNull();
    // Looking away forgets the count.
    const away = gazeStep(gazeStep(NO_GAZE, kitchen, 0).gaze, null, 1500);
    expect(gazeStep(away.gaze, kitchen, 1600).progress).toBe(0);
  });

  it('counts for each hotspot, even two leading to the same scene, and follows the one looked at', () => {
    const kitchenDoor: GazeTarget = { ...kitchen, hotspotId: 'kitchen-door', yaw: 36 };
    let step = gazeStep(NO_GAZE, kitchen, 0);
    step = gazeStep(step.gaze, kitchenDoor, GAZE_DWELL_MS / 2);
    expect(step.progress, 'another hotspot starts its own count').toBe(0);
    expect(gazeStep(step.gaze, kitchenDoor, GAZE_DWELL_MS * 1.5).follow?.hotspotId).toBe('kitchen-door');
  });

  it('reads the camera’s direction as pannellum’s yaw and pitch', () => {
    const view = (x: number, y: number, z: number) => {
      const { yaw, pitch } = directionToView({ x, y, z });
      return [Math.round(yaw) + 0, Math.round(pitch) + 0]; // + 0 turns -0 into 0
    };
    expect(view(-1, 0, 0)).toEqual([0, 0]);
    expect(view(0, 0, -1)).toEqual([90, 0]);
    expect(view(0, 1, 0)[1]).toBe(90);
  });
});
