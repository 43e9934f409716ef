import { useCallback } from 'react';
import { setVr, showNotice } from '../tour/viewer-store';
import type { Viewer } from '../viewer/viewer-context';

export const MOTION_UNAVAILABLE = 'Motion cannot be read on this device. Allow motion and orientation access, or drag to look around.';

/** iOS asks for motion access, and only from a tap; elsewhere it is granted. */
async function orientationPermitted(): Promise<boolean> {
  const permission =
    typeof DeviceOrientationEvent === 'undefined'
      ? undefined
      : (DeviceOrientationEvent as unknown as { requestPermission?: () => Promise<string> }).requestPermission;
  return permission ? (await permission().catch(() => 'denied')) === 'granted' : true;
}

/** The sidebar's motion and VR buttons, which both want the device's motion. */
export function useMotion({ store, panorama }: Viewer): { toggleMotion(): void; toggleVr(): void } {
  const toggleMotion = useCallback(async () => {
    const viewer = panorama.current?.viewer;
    const granted = await orientationPermitted();
    if (!viewer || !granted || !viewer.isOrientationSupported()) return showNotice(store, MOTION_UNAVAILABLE);
    if (viewer.isOrientationActive()) viewer.stopOrientation();
    else viewer.startOrientation();
  }, [store, panorama]);
  const toggleVr = useCallback(() => {
    // Asked from the tap itself (iOS); without motion the stereo view follows dragging.
    if (!store.vr) void orientationPermitted();
    setVr(store, !store.vr);
  }, [store]);
  return { toggleMotion: () => void toggleMotion(), toggleVr };
}
