import { apiGet, type ApiResult } from '../tour/tour-client';
import type { VideoProvider } from './browser-support';

export interface VideoConfig {
  provider: VideoProvider;
  iceServers: RTCIceServer[];
  /** The product's name on this server (its SITE_NAME). */
  siteName: string;
}

/** Which provider carries the tour server's video, the ICE servers to use, and what the product is called. */
export function fetchVideoConfig(apiOrigin: string): Promise<ApiResult<VideoConfig>> {
  return apiGet<VideoConfig>(apiOrigin, '/video/config');
}
