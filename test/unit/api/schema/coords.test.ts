import { describe, expect, it } from 'vitest';
import { coordsToYawPitch, yawPitchToCoords } from '../../../../api/schema/coords';

describe('coords', () => {
  it('puts yaw 0, pitch 0 straight ahead (-z)', () => {
    const c = yawPitchToCoords({ yaw: 0, pitch: 0 });
    expect(c.x).toBeCloseTo(0);
    expect(c.y).toBeCloseTo(0);
    expect(c.z).toBeCloseTo(-1);
  });

  it.each([
    [30, -8],
    [-150, -10],
    [179, 60],
    [-90, -89],
  ])('round-trips yaw %d pitch %d', (yaw, pitch) => {
    const back = coordsToYawPitch(yawPitchToCoords({ yaw, pitch }));
    expect(back.yaw).toBeCloseTo(yaw, 6);
    expect(back.pitch).toBeCloseTo(pitch, 6);
  });

  it('accepts directions that are not unit length', () => {
    expect(coordsToYawPitch({ x: 0, y: 500, z: -500 }).pitch).toBeCloseTo(45, 6);
  });
});
