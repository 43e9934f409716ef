// The parts of pannellum 2.5.7's API the viewer uses; the module itself is made by scripts/build-plugins.mjs.
declare module 'pannellum/build/pannellum.js' {
  export interface PannellumHotSpot {
    id?: string;
    pitch: number;
    yaw: number;
    type?: 'scene' | 'info';
    cssClass?: string;
    createTooltipFunc?: (div: HTMLDivElement, args: unknown) => void;
    createTooltipArgs?: unknown;
  }
  /** pannellum's multires config, which the tour answer carries under pannellum's own names. */
  export type PannellumMultiRes = import('../../api/schema/tour').SceneMultires;
  export type PannellumScene = PannellumSceneCommon & ({ type: 'equirectangular'; panorama: string } | { type: 'multires'; multiRes: PannellumMultiRes });
  export interface PannellumSceneCommon {
    title?: string;
    yaw?: number;
    pitch?: number;
    hfov?: number;
    hotSpots?: PannellumHotSpot[];
    autoRotate?: number | false;
    haov?: number;
    vaov?: number;
  }
  export interface PannellumConfig {
    /** Read only at the top level of the config (not from `default` or a scene). */
    escapeHTML: true;
    /** An image shown before the first scene is drawn. */
    preview?: string;
    default: Record<string, unknown> & { firstScene: string };
    scenes: Record<string, PannellumScene>;
  }
  export interface PannellumViewer {
    on(
      event: 'load' | 'scenechange' | 'error' | 'mousedown' | 'mouseup' | 'touchstart' | 'touchend' | 'fullscreenchange' | 'zoomchange',
      listener: (arg: never) => void,
    ): PannellumViewer;
    off(event: string, listener?: (arg: never) => void): PannellumViewer;
    loadScene(sceneId: string, pitch?: number | 'same', yaw?: number | 'same', hfov?: number | 'same'): PannellumViewer;
    getScene(): string;
    getYaw(): number;
    getPitch(): number;
    getHfov(): number;
    setYaw(yaw: number, animated?: number | boolean): PannellumViewer;
    setPitch(pitch: number, animated?: number | boolean): PannellumViewer;
    setHfov(hfov: number, animated?: number | boolean): PannellumViewer;
    lookAt(pitch?: number, yaw?: number, hfov?: number, animated?: number | boolean): PannellumViewer;
    isLoaded(): boolean;
    /** pannellum's own element (focusable: it takes the arrow keys). */
    getContainer(): HTMLElement;
    /** The current scene's config; each hot spot carries the element pannellum drew it in. */
    getConfig(): { hotSpots?: Array<PannellumHotSpot & { div?: HTMLElement }>; autoRotate?: number | false };
    startAutoRotate(speed?: number, pitch?: number): PannellumViewer;
    stopAutoRotate(): PannellumViewer;
    toggleFullscreen(): PannellumViewer;
    getRenderer():
      | {
          getCanvas(): HTMLCanvasElement;
          /** Draws a frame: pannellum calls it through this property each time it draws. */
          render(...view: unknown[]): void;
          /**
           * Added by our build: undefined until a frame of tiles was drawn; then whether the visible tiles of the
           * coarsest level have all arrived or failed, and how many failed. Settled at once for a whole picture.
           */
          baseLevelSettled(): { settled: boolean; failed: number } | undefined;
          /** Added by our build: the addresses, without extension, of the coarsest tiles in view (none without WebGL). */
          baseLevelTiles(): string[];
        }
      | undefined;
    /** [pitch, yaw] of the direction under a pointer event's position. */
    mouseEventToCoords(event: MouseEvent): [number, number];
    addHotSpot(hotSpot: PannellumHotSpot, sceneId?: string): PannellumViewer;
    removeHotSpot(id: string, sceneId?: string): boolean;
    resize(): void;
    startOrientation(): void;
    stopOrientation(): void;
    isOrientationSupported(): boolean;
    isOrientationActive(): boolean;
    destroy(): void;
  }
  const pannellum: { viewer(container: HTMLElement, config: PannellumConfig): PannellumViewer };
  export default pannellum;
}
