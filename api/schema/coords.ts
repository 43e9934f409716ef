/**
 * Scene positions are stored as coords: a direction {x, y, z} from the camera (y up, -z ahead at
 * yaw 0). The viewer works in pannellum's yaw/pitch degrees; these convert both ways.
 */
export interface Coords {
  x: number;
  y: number;
  z: number;
}

export interface YawPitch {
  yaw: number;
  pitch: number;
}

const RAD = Math.PI / 180;

export function yawPitchToCoords({ yaw, pitch }: YawPitch): Coords {
  const cp = Math.cos(pitch * RAD);
  return { x: cp * Math.sin(yaw * RAD), y: Math.sin(pitch * RAD), z: -cp * Math.cos(yaw * RAD) };
}

export function coordsToYawPitch({ x, y, z }: Coords): YawPitch {
  const length = Math.hypot(x, y, z) || 1;
  return { yaw: Math.atan2(x, -z) / RAD, pitch: Math.asin(Math.max(-1, Math.min(1, y / length))) / RAD };
}
