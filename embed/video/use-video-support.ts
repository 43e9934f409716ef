import { useEffect, useState } from 'react';
import { canJoinVideoChat, currentBrowser } from './browser-support';
import { twilioSupported } from './providers/twilio-provider';
import { useApiOrigin } from '../viewer/api-origin-context';
import { fetchVideoConfig } from './video-config';

/** Whether this browser can join this server's chat; undefined while that is being found out. */
export function useVideoSupport(): boolean | undefined {
  const [supported, setSupported] = useState<boolean>();
  const apiOrigin = useApiOrigin();
  useEffect(() => {
    let live = true;
    void fetchVideoConfig(apiOrigin)
      .then((config) => canJoinVideoChat(currentBrowser(), config.ok ? config.value.provider : 'mesh', twilioSupported))
      .then((ok) => live && setSupported(ok));
    return () => {
      live = false;
    };
  }, [apiOrigin]);
  return supported;
}
