import { apiGet, type ApiResult } from '../tour/tour-client';
import type { VideoProvider } from './browser-support';

export interface VideoConfig {
  provider: VideoProvider;
  iceServers: RTCIceServer[];
}

/** Which provider carries the tour server's video, and the ICE servers to use. */
export function fetchVideoConfig(apiOrigin: string): Promise<ApiResult<VideoConfig>> {
  return apiGet<VideoConfig>(apiOrigin, '/video/config');
}
