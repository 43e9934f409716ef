/**
 * The rules of the video room's participant tiles, kept apart from React so they can
 * be tested alone.
 */

export type TileSize = 'large' | 'medium' | 'small' | 'extra-small';

/**
 * Where each size starts, by the viewer element's own width (the chat panel itself is always 300 px, so its width
 * says nothing about the screen). The steps are the ones video.css used before (575 px and below is extra-small);
 * large is where the 300 px panel still leaves most of the viewer to the panorama.
 */
export const TILE_SIZE_MIN_WIDTH_PX = { small: 576, medium: 768, large: 992 } as const;

/** 140 px large, 120 medium, 80 local and 60 remote on small (and so on extra-small too). */
export const TILE_PX: Record<TileSize, { local: number; remote: number }> = {
  large: { local: 140, remote: 140 },
  medium: { local: 120, remote: 120 },
  small: { local: 80, remote: 60 },
  'extra-small': { local: 80, remote: 60 },
};

/** Remote participant limit 3 (1 on extra-small). */
export const REMOTE_TILE_LIMIT = 3;
export const REMOTE_TILE_LIMIT_EXTRA_SMALL = 1;

/** The resize check is throttled to 200 ms. */
export const RESIZE_THROTTLE_MS = 200;

/**
 * Room state: a video's scaling factor is 1 when it is landscape or has no size yet, else its height over
 * its width. A tile grows that much taller, so a phone held upright is seen whole instead of cut down to a circle.
 */
export function scalingFactor(videoWidth: number, videoHeight: number): number {
  return videoWidth > 0 && videoHeight > videoWidth ? videoHeight / videoWidth : 1;
}

export function tileSizeForWidth(widthPx: number): TileSize {
  if (!Number.isFinite(widthPx) || widthPx < 0) throw new RangeError(`A tile width must be a finite number of pixels ≥ 0, not ${widthPx}`);
  if (widthPx >= TILE_SIZE_MIN_WIDTH_PX.large) return 'large';
  if (widthPx >= TILE_SIZE_MIN_WIDTH_PX.medium) return 'medium';
  if (widthPx >= TILE_SIZE_MIN_WIDTH_PX.small) return 'small';
  return 'extra-small';
}

export interface RemoteTiles<T> {
  /** The remote participants that get a tile, the host first. */
  shown: T[];
  /** How many remote participants have no tile although they are not hidden. */
  overflow: number;
  /**
   * '+N' for N participants beyond the limit, '...' when nobody is; null while remote participants are hidden or
   * when there are none, as the bubble stands for the others and the visitor alone has none.
   */
  bubble: string | null;
}

export interface RemoteTileRules<T> {
  isHost: (remote: T) => boolean;
  /** Whether this one is the dominant speaker: nobody is while the room is quiet or the visitor speaks. */
  isSpeaking: (remote: T) => boolean;
  size: TileSize;
  /** The visitor has hidden the remote participants. */
  hidden: boolean;
}

/**
 * Which remote participants get a tile. The host comes first, so the person guiding the tour is never the one
 * folded into '+N'; the others keep their joining order. A folded-away speaker takes the place of the last shown
 * participant who is not the host, so whoever speaks is seen and no other tile moves; with only the host shown
 * (extra-small screens) the host keeps the tile.
 */
export function remoteTiles<T>(remotes: readonly T[], { isHost, isSpeaking, size, hidden }: RemoteTileRules<T>): RemoteTiles<T> {
  if (hidden) return { shown: [], overflow: 0, bubble: null };
  const limit = size === 'extra-small' ? REMOTE_TILE_LIMIT_EXTRA_SMALL : REMOTE_TILE_LIMIT;
  const ordered = [...remotes.filter(isHost), ...remotes.filter((remote) => !isHost(remote))];
  const shown = ordered.slice(0, limit);
  const foldedSpeaker = ordered.findIndex((remote, index) => index >= limit && isSpeaking(remote));
  const replaced = shown.findLastIndex((remote) => !isHost(remote));
  if (foldedSpeaker >= 0 && replaced >= 0) shown[replaced] = ordered[foldedSpeaker];
  const overflow = ordered.length - shown.length;
  const bubble = overflow > 0 ? `+${overflow}` : ordered.length > 0 ? '...' : null;
  return { shown, overflow, bubble };
}
