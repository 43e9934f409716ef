import type { ComponentType } from 'react';
import type { Tour } from '../../api/schema/tour';

/** Where the camera looks: what the host shares and followers apply. */
export interface PanoramaView {
  sceneId: string;
  yaw: number;
  pitch: number;
  hfov: number;
}

/** What the viewer lets the video chat do with its panorama. Every `on…` returns its unsubscribe function. */
export interface PanoramaControl {
  getView(): PanoramaView | undefined;
  /** Moves the camera (changing scene first when needed), tweening over `animateMs`. */
  setView(view: PanoramaView, animateMs: number): void;
  /** The local person dragged, zoomed or used the keys on the panorama. */
  onUserInteraction(listener: () => void): () => void;
  onSceneChange(listener: (sceneId: string) => void): () => void;
  /** Opens (or, with null, closes) an info spot as if it had been clicked. */
  openInfospot(infospotId: string | null): void;
  onInfospotOpen(listener: (infospotId: string | null) => void): () => void;
}

export interface VideoChatUser {
  id: number;
  name: string;
  token: string;
}

export interface VideoChatProps {
  tour: Tour;
  panorama: PanoramaControl;
  /** The signed-in user when the viewer runs on our own origin, else null (a visitor). */
  user: VideoChatUser | null;
  /** Joined (true) or left (false): the viewer hides or restores its controls and chat button, stops autorotate and
   *  ambience, and adds or removes showVideoChat=1 in the address. */
  onActiveChange(active: boolean): void;
  /** We became (true) or stopped being (false) the room's host: the host keeps scene navigation and fullscreen, followers' controls stay hidden. */
  onHostingChange(hosting: boolean): void;
  /** The panel was closed from the lobby. */
  onClose(): void;
  /** 'Schedule a Showing' in the lobby: open the request-showing-tour modal with this name filled in. */
  onScheduleShowing(name: string): void;
}

/** The lazily loaded chunk `embed/video/index.ts` exports this. */
export interface VideoChatModule {
  VideoChat: ComponentType<VideoChatProps>;
}
