import { useEffect, useState } from 'react';
import { canJoinVideoChat, currentBrowser } from './browser-support';
import { twilioSupported } from './providers/twilio-provider';
import { fetchVideoConfig } from './video-config';

/** Whether this browser can join this server's chat; undefined while that is being found out. */
export function useVideoSupport(): boolean | undefined {
  const [supported, setSupported] = useState<boolean>();
  useEffect(() => {
    let live = true;
    void fetchVideoConfig()
      .then((config) => canJoinVideoChat(currentBrowser(), config.ok ? config.value.provider : 'mesh', twilioSupported))
      .then((ok) => live && setSupported(ok));
    return () => {
      live = false;
    };
  }, []);
  return supported;
}
