import { useEffect, useState } from 'react';
import { canJoinVideoChat, currentBrowser } from './browser-support';
import { twilioSupported } from './providers/twilio-provider';
import { useApiOrigin } from '../viewer/api-origin-context';
import { fetchVideoConfig } from './video-config';

export interface VideoSupport {
  /** Whether this browser can join this server's chat; undefined while that is being found out. */
  supported?: boolean;
  /** The product's name on this server; undefined until known (or when the server did not say). */
  siteName?: string;
}

/** What the lobby learns from the server's video config before anyone connects. */
export function useVideoSupport(): VideoSupport {
  const [support, setSupport] = useState<VideoSupport>({});
  const apiOrigin = useApiOrigin();
  useEffect(() => {
    let live = true;
    void fetchVideoConfig(apiOrigin).then(async (config) => {
      const supported = await canJoinVideoChat(currentBrowser(), config.ok ? config.value.provider : 'mesh', twilioSupported);
      if (live) setSupport({ supported, siteName: config.ok ? config.value.siteName : undefined });
    });
    return () => {
      live = false;
    };
  }, [apiOrigin]);
  return support;
}
