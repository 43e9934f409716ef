// Cardboard VR: the current panorama drawn twice side by side with three.js. This module (and three with it) is its
// own chunk, imported only when a visitor chooses VR.
import {
  Euler,
  MathUtils,
  Mesh,
  MeshBasicMaterial,
  PerspectiveCamera,
  Quaternion,
  Scene,
  SphereGeometry,
  SRGBColorSpace,
  StereoCamera,
  TextureLoader,
  Vector2,
  Vector3,
  WebGLRenderer,
} from 'three';
import { directionToView, gazedAt, gazeStep, NO_GAZE, type GazeTarget } from './gaze';

/** Cardboard VR widens the viewer's field of view by 1.1. */
export const VR_FOV_FACTOR = 1.1;

export interface CardboardView {
  yaw: number;
  pitch: number;
  hfov: number;
}

export interface CardboardSession {
  /** Horizontal field of view of each eye, in degrees. */
  readonly hfov: number;
  stop(): void;
}

/** Vertical field of view for a horizontal one at the given aspect ratio (three's cameras take the vertical). */
function verticalFov(hfovDeg: number, aspect: number): number {
  return MathUtils.radToDeg(2 * Math.atan(Math.tan(MathUtils.degToRad(hfovDeg) / 2) / aspect));
}

const zAxis = new Vector3(0, 0, 1);
// The screen faces the user; the phone's camera looks out of its back.
const backCamera = new Quaternion(-Math.sqrt(0.5), 0, 0, Math.sqrt(0.5));

/** Device orientation (degrees) to a camera quaternion, for a phone held in landscape in a cardboard. */
function orientationQuaternion(alpha: number, beta: number, gamma: number, screenAngle: number, out: Quaternion): Quaternion {
  out.setFromEuler(new Euler(MathUtils.degToRad(beta), MathUtils.degToRad(alpha), MathUtils.degToRad(-gamma), 'YXZ'));
  out.multiply(backCamera);
  return out.multiply(new Quaternion().setFromAxisAngle(zAxis, -MathUtils.degToRad(screenAngle)));
}

/** The scene's hotspots, and what to do when one has been looked at long enough. */
export interface CardboardGaze {
  targets: readonly GazeTarget[];
  /** How far the dwell on the hotspot looked at has come, 0 to 1, each frame it changes. */
  onProgress(progress: number): void;
  onFollow(target: GazeTarget): void;
}

const NO_TARGETS: CardboardGaze = { targets: [], onProgress: () => undefined, onFollow: () => undefined };

/** Starts stereo rendering of `imageUrl` inside `container`, looking where the flat viewer looked. */
export function startCardboard(container: HTMLElement, imageUrl: string, view: CardboardView, gaze: CardboardGaze = NO_TARGETS): CardboardSession {
  const hfov = view.hfov * VR_FOV_FACTOR;
  const renderer = new WebGLRenderer({ antialias: false });
  renderer.setPixelRatio(Math.min(devicePixelRatio, 2));
  renderer.setScissorTest(true);
  renderer.domElement.className = 'tv-vr__canvas';
  container.append(renderer.domElement);

  const geometry = new SphereGeometry(500, 60, 40);
  geometry.scale(-1, 1, 1); // seen from inside
  const material = new MeshBasicMaterial();
  const texture = new TextureLoader().setCrossOrigin('anonymous').load(imageUrl, (loaded) => {
    loaded.colorSpace = SRGBColorSpace;
    material.map = loaded;
    material.needsUpdate = true;
  });
  const scene = new Scene();
  scene.add(new Mesh(geometry, material));

  const camera = new PerspectiveCamera(75, 1, 0.1, 1000);
  camera.rotation.order = 'YXZ';
  // pannellum's yaw 0 is the middle of the picture, which this sphere puts on -X.
  let yaw = view.yaw;
  let pitch = view.pitch;
  const stereo = new StereoCamera();
  let orientation: DeviceOrientationEvent | null = null;
  const onOrientation = (event: DeviceOrientationEvent) => {
    if (event.alpha !== null) orientation = event;
  };
  let drag: { x: number; y: number } | null = null;
  const onPointerDown = (event: PointerEvent) => (drag = { x: event.clientX, y: event.clientY });
  const onPointerUp = () => (drag = null);
  const onPointerMove = (event: PointerEvent) => {
    if (!drag) return;
    yaw -= (event.clientX - drag.x) * 0.2;
    pitch = MathUtils.clamp(pitch + (event.clientY - drag.y) * 0.2, -85, 85);
    drag = { x: event.clientX, y: event.clientY };
  };
  addEventListener('deviceorientation', onOrientation);
  renderer.domElement.addEventListener('pointerdown', onPointerDown);
  addEventListener('pointerup', onPointerUp);
  addEventListener('pointermove', onPointerMove);

  const size = () => {
    renderer.setSize(container.clientWidth, container.clientHeight, false);
    const aspect = container.clientWidth / 2 / Math.max(1, container.clientHeight);
    camera.aspect = aspect;
    camera.fov = verticalFov(hfov, aspect);
    camera.updateProjectionMatrix();
  };
  const resizes = new ResizeObserver(size);
  resizes.observe(container);
  size();

  const viewport = new Vector2();
  const looking = new Vector3();
  let gazing = NO_GAZE;
  let shownProgress = 0;
  renderer.setAnimationLoop((now: number) => {
    if (orientation)
      orientationQuaternion(orientation.alpha ?? 0, orientation.beta ?? 0, orientation.gamma ?? 0, screen.orientation?.angle ?? 0, camera.quaternion);
    else camera.rotation.set(MathUtils.degToRad(pitch), Math.PI / 2 - MathUtils.degToRad(yaw), 0);
    camera.updateMatrixWorld();
    const step = gazeStep(gazing, gazedAt(gaze.targets, directionToView(camera.getWorldDirection(looking))), now);
    gazing = step.gaze;
    if (step.progress !== shownProgress) gaze.onProgress((shownProgress = step.progress));
    if (step.follow) gaze.onFollow(step.follow);
    stereo.update(camera);
    const { width, height } = renderer.getSize(viewport);
    for (const [eye, x] of [
      [stereo.cameraL, 0],
      [stereo.cameraR, width / 2],
    ] as const) {
      renderer.setViewport(x, 0, width / 2, height);
      renderer.setScissor(x, 0, width / 2, height);
      renderer.render(scene, eye);
    }
  });

  return {
    hfov,
    stop() {
      renderer.setAnimationLoop(null);
      resizes.disconnect();
      removeEventListener('deviceorientation', onOrientation);
      removeEventListener('pointerup', onPointerUp);
      removeEventListener('pointermove', onPointerMove);
      texture.dispose();
      material.dispose();
      geometry.dispose();
      renderer.dispose();
      renderer.domElement.remove();
    },
  };
}
